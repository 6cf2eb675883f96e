/**
 * Runs once when the server starts: opens the database, applies pending migrations, and creates the admin
 * from STARLIGHT_ADMIN_EMAIL / STARLIGHT_ADMIN_PASSWORD when set and nobody has an account yet.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { getDb } = await import("./db/client");
    const { bootstrapAdmin } = await import("./lib/server/auth/bootstrap");
    await bootstrapAdmin(getDb());
  }
}
