// Stands in for cli/import.ts and cli/restore.ts in the plugin's copy of the CLI (scripts/build-cli.mjs): that copy
// runs the hooks (`guidance`, `push`); importing a history and restoring a backup need a clone of Starlight, and
// leaving them out keeps the SQLite driver and the progress bar's packages out of a file that must run without them.
import { UsageError } from "./errors";

function needsClone(command: string) {
  return new UsageError(
    `"starlight ${command}" is not in the plugin's copy of the command, which runs the hooks: run it from a clone of Starlight (npx starlight ${command} …)`,
  );
}
export async function runImport(): Promise<number> {
  throw needsClone("import");
}
export async function runImportHome(): Promise<number> {
  throw needsClone("import");
}
export async function runRestore(): Promise<number> {
  throw needsClone("restore");
}
