import "server-only";
import { getDb, type Db } from "@/db/client";
import { userCount } from "@/db/queries/users";
import { readConfig } from "@/lib/config";
import { createUser } from "./accounts";
import { audit } from "./audit";

/**
 * Headless deployments: when STARLIGHT_ADMIN_EMAIL and STARLIGHT_ADMIN_PASSWORD are set and nobody has an
 * account yet, creates that admin at start. Once anyone exists the variables are ignored (never a reset).
 */
export async function bootstrapAdmin(db: Db = getDb()): Promise<void> {
  const admin = readConfig().bootstrapAdmin;
  if (!admin || userCount(db) > 0) return;
  const user = await createUser({ email: admin.email, name: admin.email.split("@")[0] ?? admin.email, password: admin.password, isAdmin: true }, db);
  audit({ user, ip: "server" }, "setup", user.email, { from: "STARLIGHT_ADMIN_EMAIL" }, db);
  console.log(`[starlight] created the admin account ${user.email} from STARLIGHT_ADMIN_EMAIL`);
}
