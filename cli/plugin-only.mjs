// @ts-check
// Stands in for cli/import.mjs and cli/restore.mjs in the plugin's copy of the CLI (scripts/build-cli.mjs): that copy
// runs the hooks (`guidance`, `push`); importing a history and restoring a backup need a clone of Starlight, and
// leaving them out keeps the SQLite driver and the progress bar's packages out of a file that must run without them.
import { UsageError } from "./errors.mjs";

/** @param {string} command */
function needsClone(command) {
  return new UsageError(`"starlight ${command}" is not in the plugin's copy of the command, which runs the hooks: run it from a clone of Starlight (npx starlight ${command} …)`);
}

/** @returns {Promise<number>} */
export async function runImport() {
  throw needsClone("import");
}

/** @returns {Promise<number>} */
export async function runImportHome() {
  throw needsClone("import");
}

/** @returns {Promise<number>} */
export async function runRestore() {
  throw needsClone("restore");
}
