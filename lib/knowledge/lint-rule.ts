/**
 * What a linter or type checker says in its own output when it fails: the rule it applied, by its code
 * (`SIM115`, `E501`, `no-unused-vars`, `TS2345`, `[assignment]`, `reportMissingImports`, `ineffassign`,
 * `Style/StringLiterals`) and its message. A rule code is a short, stable
 * signature of a finding in the code (the command was right), and the change that made the same check pass is what
 * fixed it, unless that change silenced the rule (a flag that ignores it, or an edit of the linter's configuration).
 */

export interface RuleFinding {
  code: string;
  message: string;
}

/** Each report format: where its code and message are, in one line of output. */
const FORMATS: ReadonlyArray<{ pattern: RegExp; code: number; message: number }> = [
  // ruff (full and concise output), flake8, pycodestyle: `SIM115 Use a context manager…`, `a.py:3:1: E501 Line too long`.
  { pattern: /^(?:\S+:\d+:\d+:\s+)?([A-Z]{1,4}\d{2,4})\s+(?:\[\*\]\s+)?([A-Za-z`'"].*)$/, code: 1, message: 2 },
  // pylint: `a.py:1:0: C0114: Missing module docstring (missing-module-docstring)`.
  { pattern: /^\S+:\d+:\d+:\s+([A-Z]\d{4}):\s+(.+?)(?:\s+\([\w-]+\))?$/, code: 1, message: 2 },
  // tsc: `src/a.ts(3,5): error TS2345: Argument of type…`, `src/a.ts:3:5 - error TS2345: …`.
  { pattern: /\berror (TS\d{4,5}):\s+(.+)$/, code: 1, message: 2 },
  // mypy: `a.py:3: error: Incompatible types in assignment (…)  [assignment]`.
  { pattern: /^\S+:\d+(?::\d+)?: error: (.+?)\s+\[([\w-]+)\]$/, code: 2, message: 1 },
  // eslint (stylish): `  12:7  error  'x' is assigned a value but never used  no-unused-vars`.
  { pattern: /^\d+:\d+\s+error\s+(.+?)\s{2,}((?:@[\w-]+\/)?[a-z][\w-]*(?:\/[\w-]+)?)$/, code: 2, message: 1 },
  // rustc and clippy: `error[E0308]: mismatched types`.
  { pattern: /^error\[(E\d{4})\]:\s+(.+)$/, code: 1, message: 2 },
  // pyright: `/repo/a.py:3:8 - error: Import "foo" could not be resolved (reportMissingImports)`.
  { pattern: /\s-\s+error:\s+(.+?)\s+\((report\w+)\)$/, code: 2, message: 1 },
  // golangci-lint: `main.go:12:2: ineffectual assignment to err (ineffassign)`.
  { pattern: /^\S+\.go:\d+:\d+:\s+(.+?)\s+\(([a-z][\w-]*)\)$/, code: 2, message: 1 },
  // rubocop: `app/cart.rb:3:5: C: Style/StringLiterals: Prefer single-quoted strings…`.
  { pattern: /^\S+:\d+:\d+:\s+[CWEF]:\s+(?:\[Correctable\]\s+)?([A-Z]\w+\/[A-Z]\w+):\s+(.+)$/, code: 1, message: 2 },
];

/** The first rule a check's failed output names, with its message; null when it names none. */
export function ruleFinding(output: string | null): RuleFinding | null {
  if (output === null) return null;
  for (const raw of output.split(/\r?\n/)) {
    const line = raw.trim();
    for (const format of FORMATS) {
      const match = format.pattern.exec(line);
      if (match) return { code: match[format.code]!, message: match[format.message]!.trim() };
    }
  }
  return null;
}

/** Flags that make a linter or type checker skip a rule or a file rather than the code satisfying it. */
const SILENCING =
  /(?:^|\s)--(?:ignore|extend-ignore|add-noqa|disable|exclude|extend-exclude|per-file-ignores|no-verify|skip|quiet|rule|no-eslintrc|no-strict|noqa)\b|(?:^|\s)-(?:-)?(?:disable|ignore)[=\s]/;

/** Whether a changed command silences the check (`ruff check --ignore SIM115 .`, `eslint --rule 'x: off'`). */
export const silencesRule = (command: string | null) => command !== null && SILENCING.test(command);

/** Flags with which the checker fixes the code itself (`ruff check --fix`, `eslint --fix`, `biome check --write`). */
const AUTOFIX = /(?:^|\s)--(?:fix|fix-only|unsafe-fixes|write|apply)(?=\s|=|$)/;

/** Whether a changed command had the checker fix the code itself: the code changed, as an edit would change it. */
export const fixesItself = (command: string | null) => command !== null && AUTOFIX.test(command);

/**
 * Files that configure a linter or type checker (`pyproject.toml`, `ruff.toml`, `.eslintrc.json`, `tsconfig.json`,
 * `setup.cfg`, `mypy.ini`, …): editing one after a finding turns the rule off or changes what is checked, which is not
 * the code satisfying it.
 */
const CHECK_CONFIG =
  /(?:^|\/)(?:pyproject\.toml|setup\.cfg|tox\.ini|\.flake8|\.pylintrc|pylintrc|mypy\.ini|\.mypy\.ini|\.?ruff\.toml|\.eslintrc(?:\.\w+)?|eslint\.config\.\w+|\.eslintignore|tsconfig(?:\.[\w-]+)?\.json|biome\.jsonc?|\.golangci\.ya?ml|clippy\.toml|\.rubocop\.yml|package\.json)$/;

export const isCheckConfig = (file: string) => CHECK_CONFIG.test(file);
