import "server-only";
import { newSetupCode } from "@/lib/auth/setup-code";
import { readConfig } from "@/lib/config";

/**
 * This process's one-time setup code: STARLIGHT_SETUP_CODE when set, else one made on first use. It is kept on
 * globalThis because Next bundles instrumentation.ts (which prints it at start) apart from the route handlers
 * (which check it): a module variable would be a different one in each bundle, while the process is the same.
 */
export function setupCode(): string {
  const holder = globalThis as { starlightSetupCode?: string };
  return readConfig().setupCode ?? (holder.starlightSetupCode ??= newSetupCode());
}
