/** Runs once when the server starts: opens the database and applies pending migrations before any request. */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { getDb } = await import("./db/client");
    getDb();
  }
}
