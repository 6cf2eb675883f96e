import "server-only";
import type { Db } from "@/db/client";
import { addSetupCode, setupCodeKnown } from "@/db/queries/setup-codes";
import { newSetupCode, normalizeSetupCode, setupCodeHash, setupCodeMatches } from "@/lib/auth/setup-code";
import { readConfig } from "@/lib/config";

/**
 * This process's one-time setup code: STARLIGHT_SETUP_CODE when set, else one made on first use and kept (hashed)
 * in the database, so that /setup takes it whichever web process answers. The generated code is kept on globalThis
 * because Next bundles instrumentation.ts (which prints it at start) apart from the route handlers: a module
 * variable would be a different one in each bundle, while the process is the same.
 */
export async function setupCode(db: Db): Promise<string> {
  const fixed = readConfig().setupCode;
  if (fixed) return fixed;
  const holder = globalThis as { starlightSetupCode?: string };
  holder.starlightSetupCode ??= newSetupCode();
  await addSetupCode(db, setupCodeHash(holder.starlightSetupCode));
  return holder.starlightSetupCode;
}

/**
 * Whether `given` is a setup code /setup takes: STARLIGHT_SETUP_CODE when set (compared in constant time), else
 * the code printed by any process started while there was no admin (this one's included).
 */
export async function setupCodeAccepted(db: Db, given: string): Promise<boolean> {
  const fixed = readConfig().setupCode;
  if (fixed) return setupCodeMatches(given, fixed);
  await setupCode(db);
  return normalizeSetupCode(given) !== "" && (await setupCodeKnown(db, setupCodeHash(given)));
}

export { clearSetupCodes } from "@/db/queries/setup-codes";
