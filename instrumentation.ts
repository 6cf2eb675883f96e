/**
 * Runs once when the server starts: opens the database (refusing to start on a damaged SQLite file: PRAGMA
 * quick_check), applies pending migrations (on PostgreSQL under an advisory lock, so processes starting together
 * migrate once), and creates the admin from STARLIGHT_ADMIN_EMAIL / STARLIGHT_ADMIN_PASSWORD when set and nobody
 * has an account yet; then prints the line the person who started it needs: where to create the admin account
 * with the one-time setup code /setup asks for, or, once there is an admin, where Starlight runs.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { openAtStart } = await import("./db/client");
    const { announceStart, bootstrapAdmin } = await import("./lib/server/auth/bootstrap");
    const db = await openAtStart();
    await bootstrapAdmin(db);
    await announceStart(db);
  }
}
