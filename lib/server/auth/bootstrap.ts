import "server-only";
import type { Db } from "@/db/client";
import { adminExists, userCount } from "@/db/queries/users";
import { readConfig } from "@/lib/config";
import { edgeServer } from "@/lib/http/edge";
import { createFirstAdmin } from "./accounts";
import { audit } from "./audit";
import { setupCode } from "./setup-code";

/**
 * Headless deployments: when STARLIGHT_ADMIN_EMAIL and STARLIGHT_ADMIN_PASSWORD are set and nobody has an
 * account yet, creates that admin at start. Once anyone exists the variables are ignored (never a reset). Web
 * processes starting together create it once: the one that finds an account already there leaves it.
 */
export async function bootstrapAdmin(db: Db): Promise<void> {
  const admin = readConfig().bootstrapAdmin;
  if (!admin || (await userCount(db)) > 0) return;
  const user = await createFirstAdmin(
    db,
    { email: admin.email, name: admin.email.split("@")[0] ?? admin.email, password: admin.password },
    async (db) => (await userCount(db)) > 0,
  );
  if (!user) return;
  await audit(db, { user, ip: "server" }, "setup", user.email, { from: "STARLIGHT_ADMIN_EMAIL" });
  console.log(`[starlight] created the admin account ${user.email} from STARLIGHT_ADMIN_EMAIL`);
}

/**
 * The last line the server prints as it starts, the one the person who started it needs: while there is no admin,
 * where to create the admin account and the one-time code /setup asks for (so only someone who sees this terminal
 * can); once there is one, where Starlight runs.
 */
export async function announceStart(db: Db): Promise<void> {
  const url = edgeServer()?.url ?? `http://localhost:${process.env.PORT ?? "3000"}`;
  if (await adminExists(db)) {
    console.log(`Starlight is running at ${url}`);
    return;
  }
  const code = readConfig().setupCode ? "set in STARLIGHT_SETUP_CODE" : await setupCode(db);
  console.log(`Open ${url}/setup and enter the code ${code} to create the admin account.`);
}
