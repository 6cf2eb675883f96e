/**
 * A shell command split into the simple commands it runs: quoted strings are blanked (so a commit
 * message or a `python -c "…"` script is never mistaken for a command), the text is cut at `&&`, `||`,
 * `;`, `|`, `&`, parentheses and new lines, and each part loses its leading environment assignments and
 * wrappers (`sudo`, `time`, `env`, `timeout 60`, `uv run`, `poetry run`, `pipenv run`, `bundle exec`).
 * `cd web && FOO=1 npm test` → ["cd web", "npm test"].
 */

const QUOTED = /'[^']*'|"(?:[^"\\]|\\.)*"/g;
const SEPARATORS = /&&|\|\||[;&|()\n]/;
const WRAPPERS = /^(?:\w+=\S*\s+)*(?:(?:sudo|time|env|timeout\s+\S+|uv\s+run|poetry\s+run|pipenv\s+run|bundle\s+exec)\s+)*/;

export function commandParts(command: string): string[] {
  return command
    .replace(QUOTED, "''")
    .split(SEPARATORS)
    .map((part) => part.trim().replace(WRAPPERS, ""))
    .filter((part) => part !== "");
}

/** Git options that come before the subcommand: `git -C dir`, `git -c k=v`, `git --no-pager`, ... */
const GIT = String.raw`git(?:\s+(?:-[Cc]\s+\S+|--?[\w-]+(?:=\S+)?))*\s+`;
const GIT_SUBCOMMAND = { commit: new RegExp(`^${GIT}commit(?=$|\\s)`), push: new RegExp(`^${GIT}push(?=$|\\s)`) };

/** Does the command run `git commit` (or `git push`), as a command of its own rather than inside quotes? */
export function runsGit(command: string, subcommand: keyof typeof GIT_SUBCOMMAND): boolean {
  const pattern = GIT_SUBCOMMAND[subcommand];
  return commandParts(command).some((part) => pattern.test(part));
}
