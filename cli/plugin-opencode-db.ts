// Stands in for lib/walk/opencode-db.ts in the plugin's copy of the CLI (scripts/build-cli.mjs): reading OpenCode's
// database needs the SQLite driver, a native package the plugin's one-file copy cannot carry. The walker turns this
// refusal into a session that says so when sent; the storage folder's sessions are still found.

export async function openCodeDbSessions(): Promise<never> {
  throw new Error(
    "the plugin's copy of starlight does not read OpenCode's database: run npx starlight import from a clone of Starlight",
  );
}
