import { fileURLToPath } from "node:url";

/**
 * A file of the repository by its path from the root. The CLI runs bundled from cli/dist/ (scripts/build-cli.mjs),
 * which is what `import.meta.url` names here once bundled.
 * @param file such as "package.json"
 */
export function repoPath(file: string) {
  return fileURLToPath(new URL(`../../${file}`, import.meta.url));
}
