/**
 * A shell command split into the simple commands it runs — the one splitter every reader of commands uses (features,
 * session lessons, project knowledge, the parsers' read-only check). Quoted strings are blanked (so a commit message
 * or a `python -c "…"` script is never mistaken for a command), and the text is cut at `&&`, `||`, `;`, `|`, `&`,
 * parentheses and new lines (`2>&1` and `&>` are redirections, not separators).
 */

const QUOTED = /'[^']*'|"(?:[^"\\]|\\.)*"/g;
const SEPARATOR = /&&|\|\||(?<![<>])&(?!>)|[;|()\n]/g;
const BLANK = "\u0001";

export interface SimpleCommand {
  /** As written, trimmed: `sed -n '1,80p' src/a.ts`. */
  written: string;
  /** With each quoted string as `''`: `sed -n '' src/a.ts`. */
  text: string;
}

/** The separators of a command line, in order, outside quoted strings: `cd a && npm test | tail` → ["&&", "|"]. */
export function separators(command: string): string[] {
  return [...command.replace(QUOTED, (q) => BLANK.repeat(q.length)).matchAll(SEPARATOR)].map((match) => match[0]);
}

/** The simple commands of a command line, in order, empty ones left out. */
export function simpleCommands(command: string): SimpleCommand[] {
  const blank = command.replace(QUOTED, (q) => BLANK.repeat(q.length));
  const out: SimpleCommand[] = [];
  let from = 0;
  const cut = (to: number) => {
    const text = blank
      .slice(from, to)
      .replace(/\u0001+/g, "''")
      .trim();
    if (text !== "") out.push({ written: command.slice(from, to).trim(), text });
  };
  for (const match of blank.matchAll(SEPARATOR)) {
    cut(match.index);
    from = match.index + match[0].length;
  }
  cut(blank.length);
  return out;
}

const PREFIX = String.raw`\w+=\S*\s+|(?:sudo|time|env|nice|command|exec|nohup)\s+|timeout\s+(?:-[sk]\s+\S+\s+|-\S+\s+)*\d\S*\s+`;
/** What runs a command without being it: environment assignments, `sudo`, `time`, `env`, `nice`, `nohup`, `timeout 60`. */
export const PREFIXES = new RegExp(`^(?:${PREFIX})*`);
/** Project runners that run the next word as the tool: `uv run`, `poetry run`, `bundle exec`, … */
export const RUNNERS = [
  "uv run",
  "poetry run",
  "pipenv run",
  "pdm run",
  "hatch run",
  "rye run",
  "bundle exec",
] as const;
const RUNNER = RUNNERS.map((r) => r.replace(" ", String.raw`\s+`)).join("|");
const PREFIXES_AND_RUNNERS = new RegExp(String.raw`^(?:${PREFIX}|(?:${RUNNER})\s+)*`);

/**
 * Each simple command as its program and arguments (quotes blanked), without prefixes and runners.
 * `cd web && FOO=1 npm test` → ["cd web", "npm test"].
 */
export function commandParts(command: string): string[] {
  return simpleCommands(command)
    .map((part) => part.text.replace(PREFIXES_AND_RUNNERS, ""))
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
