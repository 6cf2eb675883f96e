import type { CommandPurpose } from "@/lib/knowledge/contract";
import { SETUP, SUBCOMMAND_TOOLS } from "@/lib/shell/family";
import { PREFIXES, RUNNERS, simpleCommands } from "@/lib/shell/split";

/**
 * A shell command read by its words: the setup steps it runs first (`source .venv/bin/activate`, `cd web`), then
 * each step classified by purpose (tests, lint, type-check, format, build, install, run, version control) from
 * the tool, its wrapper (`uv run`, `npx`, `python -m`, …), its sub-command or script name — and reduced to a
 * canonical form without the arguments and paths that vary between runs.
 */

const MAX_COMMAND_CHARS = 200;

interface CommandStep {
  purpose: CommandPurpose;
  /** Setup steps and this step's canonical words: "source .venv/bin/activate && pytest". */
  canonical: string;
  /**
   * The form shown as an example: the whole first line when it is this one step, else the setup and this step as
   * written ("source .venv/bin/activate && ruff check src/"); for version control its words and long options.
   */
  exact: string;
}

export interface ParsedCommand {
  /** The first line as recorded, trimmed and capped. */
  exact: string;
  steps: CommandStep[];
  /** Steps running a program the tables do not know (`alembic upgrade`): commands with evidence all the same. */
  others: CommandStep[];
  /** The command starts by changing directory (which Claude Code keeps for the calls that follow). */
  changesDirectory: boolean;
}

/** Wrappers that run the next word as the tool (the project runners, then the package runners and `python -m`). */
const WRAPPERS: Record<string, number> = {
  ...Object.fromEntries(RUNNERS.map((runner) => [runner, 2])),
  "pnpm exec": 2,
  "pnpm dlx": 2,
  "yarn dlx": 2,
  "npm exec": 2,
  "python -m": 2,
  "python3 -m": 2,
  "py -m": 2,
  uvx: 1,
  npx: 1,
  bunx: 1,
  "pipx run": 2,
  pnpx: 1,
  "bun x": 2,
  "yarn exec": 2,
  "uv tool run": 3,
  "conda run": 2,
  "mamba run": 2,
  "micromamba run": 2,
};
/** Options of a wrapper or package manager that take the next word, skipped to reach the tool: `conda run -n env`, `pnpm -F web`. */
const VALUED_OPTIONS = new Set([
  "-n",
  "--name",
  "-p",
  "--prefix",
  "-F",
  "--filter",
  "-C",
  "--dir",
  "--cwd",
  "-w",
  "--workspace",
  "--from",
  "--with",
]);
/** Flags of a package manager before its verb that change where it runs, not what: `pnpm -r test`, `pnpm -w lint`. */
const FLAG_OPTIONS = new Set([
  "-r",
  "--recursive",
  "--workspace-root",
  "-s",
  "--silent",
  "--frozen-lockfile",
  "--no-capture-output",
  "--live-stream",
]);
const SCRIPT_RUNNERS = new Set(["npm", "yarn", "pnpm", "bun"]);
/** Package managers that run a package.json script named as their first word (`yarn lint`, `pnpm build`), unless it is one of their own verbs. */
const DIRECT_SCRIPTS = new Set(["yarn", "pnpm", "bun"]);
const OWN_VERBS = new Set([
  "install",
  "i",
  "add",
  "remove",
  "rm",
  "uninstall",
  "up",
  "upgrade",
  "update",
  "outdated",
  "why",
  "list",
  "ls",
  "info",
  "config",
  "cache",
  "store",
  "init",
  "create",
  "publish",
  "pack",
  "link",
  "unlink",
  "audit",
  "import",
  "patch",
  "version",
  "login",
  "logout",
  "global",
  "set",
  "dedupe",
  "prune",
  "rebuild",
  "env",
  "bin",
  "root",
  "dlx",
  "exec",
  "x",
  "run",
  "workspace",
  "workspaces",
  "help",
  "node",
  "licenses",
  "npm",
  "plugin",
  "constraints",
]);
/** Programs that run a script named as their first argument. */
export const INTERPRETERS: ReadonlySet<string> = new Set([
  "python",
  "python3",
  "node",
  "ruby",
  "perl",
  "php",
  "bash",
  "sh",
  "deno",
  "bun",
  "tsx",
  "ts-node",
]);

const TOOL_PURPOSE: Record<string, CommandPurpose> = {
  pytest: "test",
  "py.test": "test",
  unittest: "test",
  jest: "test",
  vitest: "test",
  mocha: "test",
  ava: "test",
  rspec: "test",
  phpunit: "test",
  tox: "test",
  nox: "test",
  ctest: "test",
  karma: "test",
  cypress: "test",
  "cargo test": "test",
  "go test": "test",
  "dotnet test": "test",
  "mix test": "test",
  "deno test": "test",
  "bun test": "test",
  "npm test": "test",
  "yarn test": "test",
  "pnpm test": "test",
  "playwright test": "test",
  "mvn test": "test",
  "gradle test": "test",
  "./gradlew test": "test",
  "rake test": "test",
  ruff: "lint",
  "ruff check": "lint",
  eslint: "lint",
  flake8: "lint",
  pylint: "lint",
  "golangci-lint": "lint",
  rubocop: "lint",
  stylelint: "lint",
  shellcheck: "lint",
  "cargo clippy": "lint",
  "biome lint": "lint",
  "biome check": "lint",
  "go vet": "lint",
  hadolint: "lint",
  markdownlint: "lint",
  tsc: "typecheck",
  mypy: "typecheck",
  pyright: "typecheck",
  "vue-tsc": "typecheck",
  "cargo check": "typecheck",
  flow: "typecheck",
  "ruff format": "format",
  black: "format",
  prettier: "format",
  gofmt: "format",
  "cargo fmt": "format",
  isort: "format",
  "biome format": "format",
  "go fmt": "format",
  "cargo build": "build",
  "go build": "build",
  "next build": "build",
  "vite build": "build",
  webpack: "build",
  "docker build": "build",
  "mvn package": "build",
  "gradle build": "build",
  "./gradlew build": "build",
  "dotnet build": "build",
  make: "build",
  "make build": "build",
  "make all": "build",
  esbuild: "build",
  rollup: "build",
  "pip install": "install",
  "pip3 install": "install",
  "uv sync": "install",
  "uv pip": "install",
  "uv add": "install",
  "npm install": "install",
  "npm ci": "install",
  "npm i": "install",
  "npm add": "install",
  yarn: "install",
  "yarn install": "install",
  "yarn add": "install",
  "pnpm install": "install",
  "pnpm i": "install",
  "pnpm add": "install",
  "bun install": "install",
  "bun add": "install",
  "poetry install": "install",
  "poetry add": "install",
  "pipenv install": "install",
  "cargo add": "install",
  "cargo fetch": "install",
  "go mod": "install",
  "go get": "install",
  "conda create": "install",
  "conda install": "install",
  "bundle install": "install",
  "composer install": "install",
  "brew install": "install",
  "apt install": "install",
  "apt-get install": "install",
  "cargo run": "run",
  "go run": "run",
  "npm start": "run",
  "yarn start": "run",
  "pnpm start": "run",
  "dotnet run": "run",
  "streamlit run": "run",
  "flask run": "run",
  "docker compose": "run",
  "docker run": "run",
  uvicorn: "run",
  gunicorn: "run",
  // Newer runners, checkers, formatters and builders.
  "cargo nextest run": "test",
  "cargo nextest": "test",
  "swift test": "test",
  "zig build test": "test",
  "mvn verify": "test",
  "hatch test": "test",
  bats: "test",
  "nx test": "test",
  "turbo test": "test",
  oxlint: "lint",
  biome: "lint",
  "biome ci": "lint",
  "deno lint": "lint",
  "golangci-lint run": "lint",
  "pre-commit run": "lint",
  "pre-commit": "lint",
  swiftlint: "lint",
  ktlint: "lint",
  actionlint: "lint",
  yamllint: "lint",
  tflint: "lint",
  codespell: "lint",
  "nx lint": "lint",
  "turbo lint": "lint",
  xo: "lint",
  standard: "lint",
  pylama: "lint",
  bandit: "lint",
  vulture: "lint",
  basedpyright: "typecheck",
  ty: "typecheck",
  "ty check": "typecheck",
  "svelte-check": "typecheck",
  "astro check": "typecheck",
  "deno check": "typecheck",
  pyre: "typecheck",
  pytype: "typecheck",
  "nuxi typecheck": "typecheck",
  "nx typecheck": "typecheck",
  "turbo typecheck": "typecheck",
  dprint: "format",
  "dprint fmt": "format",
  "dprint check": "format",
  rustfmt: "format",
  "deno fmt": "format",
  shfmt: "format",
  "clang-format": "format",
  stylua: "format",
  "mix format": "format",
  autopep8: "format",
  yapf: "format",
  "terraform fmt": "format",
  "swift-format": "format",
  vite: "run",
  "turbo build": "build",
  "nx build": "build",
  "nx run-many": "build",
  "nx affected": "test",
  tsup: "build",
  "bun build": "build",
  cmake: "build",
  ninja: "build",
  "meson compile": "build",
  "bazel build": "build",
  "bazel test": "test",
  "mvn install": "build",
  "mvn compile": "build",
  "gradle assemble": "build",
  "./gradlew assemble": "build",
  "poetry build": "build",
  "uv build": "build",
  "hatch build": "build",
  "python -m build": "build",
  "swift build": "build",
  "zig build": "build",
  "docker buildx": "build",
  "docker compose build": "build",
  "cargo install": "install",
  "uv tool install": "install",
  "pipx install": "install",
  "mamba install": "install",
  "mamba create": "install",
  "micromamba install": "install",
  "micromamba create": "install",
  "conda env": "install",
  "mamba env": "install",
  "poetry lock": "install",
  "uv lock": "install",
  "pdm install": "install",
  "pdm sync": "install",
  "pixi install": "install",
  "deno run": "run",
  "docker compose up": "run",
  "docker-compose": "run",
  "docker-compose up": "run",
  vercel: "deploy",
  "vercel deploy": "deploy",
  netlify: "deploy",
  "netlify deploy": "deploy",
  "fly deploy": "deploy",
  "flyctl deploy": "deploy",
  "wrangler deploy": "deploy",
  "wrangler publish": "deploy",
  "wrangler pages": "deploy",
  "kubectl apply": "deploy",
  "kubectl rollout": "deploy",
  "helm upgrade": "deploy",
  "helm install": "deploy",
  "terraform apply": "deploy",
  "terraform plan": "deploy",
  "tofu apply": "deploy",
  "serverless deploy": "deploy",
  "sls deploy": "deploy",
  "railway up": "deploy",
  "heroku container:release": "deploy",
  "heroku releases": "deploy",
  "firebase deploy": "deploy",
  "cdk deploy": "deploy",
  "pulumi up": "deploy",
  "docker push": "deploy",
  "gcloud run": "deploy",
  "gcloud app": "deploy",
  act: "ci",
  "gh workflow": "ci",
  "gh run": "ci",
};
/**
 * Every-day shell utilities: they say nothing about the project, so they are never commands of it. Any other program
 * that ran is a command with evidence even when the tables above do not know it (purpose "run").
 */
const UTILITIES = new Set([
  "ls",
  "cat",
  "head",
  "tail",
  "grep",
  "egrep",
  "rg",
  "ag",
  "find",
  "fd",
  "sed",
  "awk",
  "echo",
  "printf",
  "pwd",
  "mkdir",
  "rm",
  "rmdir",
  "cp",
  "mv",
  "touch",
  "chmod",
  "chown",
  "ln",
  "wc",
  "sort",
  "uniq",
  "cut",
  "tr",
  "xargs",
  "tee",
  "diff",
  "cmp",
  "which",
  "whereis",
  "type",
  "file",
  "stat",
  "du",
  "df",
  "ps",
  "kill",
  "pkill",
  "killall",
  "sleep",
  "date",
  "env",
  "true",
  "false",
  "test",
  "[",
  "curl",
  "wget",
  "open",
  "xdg-open",
  "tree",
  "less",
  "more",
  "nl",
  "jq",
  "yq",
  "basename",
  "dirname",
  "realpath",
  "readlink",
  "tar",
  "unzip",
  "zip",
  "gzip",
  "gunzip",
  "ssh",
  "scp",
  "rsync",
  "history",
  "clear",
  "alias",
  "unset",
  "read",
  "wait",
  "jobs",
  "bg",
  "fg",
  "exit",
  "code",
  "vim",
  "vi",
  "nano",
  "emacs",
  "man",
  "help",
  "lsof",
  "top",
  "htop",
  "free",
  "uname",
  "whoami",
  "id",
  "hostname",
  "ping",
  "nc",
  "netstat",
  "ss",
  "printenv",
  "md5sum",
  "sha256sum",
  "shasum",
  "base64",
  "od",
  "xxd",
  "hexdump",
  "strings",
  "column",
  "paste",
  "join",
  "comm",
  "fold",
  "fmt",
  "rev",
  "seq",
  "yes",
  "watch",
  "screen",
  "tmux",
  "say",
  "osascript",
  "pbcopy",
  "pbpaste",
  "bat",
  "eza",
  "exa",
  "mktemp",
  "trap",
  "let",
  "local",
  "declare",
  "eval",
  "for",
  "while",
  "do",
  "done",
  "if",
  "then",
  "else",
  "fi",
  "case",
  "esac",
  "function",
  "return",
  "shift",
  "getopts",
  "ulimit",
  "umask",
  "hash",
  "dig",
  "nslookup",
  "host",
  "traceroute",
  "sudo",
  "su",
  "git",
  "gh",
  "claude",
  "codex",
  "gemini",
  "python",
  "python3",
  "node",
  "ruby",
  "perl",
  "php",
  "bash",
  "sh",
  "zsh",
  "fish",
  "deno",
  "bun",
  "tsx",
  "ts-node",
  "sqlite3",
  "psql",
  "mysql",
  "redis-cli",
  "brew",
  "apt",
  "apt-get",
  "npm",
  "yarn",
  "pnpm",
  "pip",
  "pip3",
  "uv",
  "poetry",
  "conda",
  "mamba",
  "docker",
  "kubectl",
  "systemctl",
  "service",
  "launchctl",
]);
const SCRIPT_PURPOSE: ReadonlyArray<readonly [RegExp, CommandPurpose]> = [
  [/deploy|release|publish|ship/i, "deploy"],
  [/test|spec|e2e/i, "test"],
  [/lint/i, "lint"],
  [/type|tsc/i, "typecheck"],
  [/format|fmt|prettier/i, "format"],
  [/build|compile|bundle|dist/i, "build"],
  [/install|setup|bootstrap|deps/i, "install"],
  [/(?:^|[:_-])(?:check|verify|validate|ci|precommit|pre-commit)(?:$|[:_-])/i, "test"],
  [/dev|start|serve|run|preview/i, "run"],
];

const isWord = (w: string | undefined): w is string => w !== undefined && /^[A-Za-z][\w:.-]*$/.test(w);
const isPathLike = (w: string) => w.includes("/") || /\.\w{1,5}$/.test(w);

/** Version-control commands that only look (status, diff, log, …) teach nothing about the project. */
const VCS_READ_ONLY = new Set([
  "status",
  "diff",
  "log",
  "show",
  "branch",
  "remote",
  "fetch",
  "blame",
  "reflog",
  "ls-files",
  "rev-parse",
  "config",
  "describe",
]);

/** The line's steps, each as its words (quotes blanked, redirections and prefixes left out) and as written. */
function segments(line: string): { words: string[]; written: string }[] {
  return simpleCommands(line).map(({ text, written }) => ({
    words: text
      .replace(/\s+\d?>&?\S*/g, "")
      .replace(PREFIXES, "")
      .split(/\s+/)
      .filter((w) => w !== ""),
    written,
  }));
}

function setupOf(w: string[]): string | null {
  if (!SETUP.test(w.join(" "))) return null;
  const two = `${w[0]} ${w[1] ?? ""}`;
  if (/^(?:(?:conda|mamba|micromamba) activate|(?:nvm|fnm) use|pyenv (?:shell|local))$/.test(two))
    return `${two}${w[2] ? ` ${w[2]}` : ""}`;
  if (w[0] === "cd" || w[0] === "pushd") return w[1] === undefined || /^[~/]/.test(w[1]) ? "" : w.slice(0, 2).join(" ");
  return w[0] === "set" || w[0] === "export" || w[0] === "popd" ? "" : w.slice(0, 2).join(" ");
}

/** How many words of `w` name a wrapper (`uv run`, `uv tool run`, `npx`), the longest known first; 0 when none. */
function wrapperLength(w: readonly string[]): number {
  for (const n of [3, 2, 1]) if (WRAPPERS[w.slice(0, n).join(" ")] === n) return n;
  return 0;
}

/** The index of the first word from `i` that is not an option (valued options skip their value too). */
function skipOptions(w: readonly string[], i: number): number {
  while (i < w.length) {
    const word = w[i]!;
    if (VALUED_OPTIONS.has(word)) i += 2;
    else if (FLAG_OPTIONS.has(word) || /^--?(?:filter|dir|cwd|prefix|name)=/.test(word)) i += 1;
    else return i;
  }
  return i;
}

const scriptPurpose = (script: string) => SCRIPT_PURPOSE.find(([p]) => p.test(script))?.[1];

/**
 * A tool step's canonical words and purpose, and whether the tables know the tool; null when the words do not name a
 * program of the project (an every-day utility, an interpreter without a file).
 */
function classify(w: string[]): (Omit<CommandStep, "exact"> & { known: boolean }) | null {
  const wrapper = wrapperLength(w);
  let i = skipOptions(w, wrapper);
  const head = w.slice(0, wrapper).concat(wrapper > 0 ? w.slice(wrapper, i) : []);
  const tool = w[i];
  if (!tool) return null;
  const name = tool.startsWith("./") ? tool : tool.replace(/^.*\//, "");
  const known = (purpose: CommandPurpose, ...words: string[]) => ({
    purpose,
    canonical: [...head, ...words].join(" "),
    known: true,
  });
  // A package manager's options before its verb say where it runs, not what: `pnpm -F web test` is `pnpm test`.
  if (SCRIPT_RUNNERS.has(name)) i = skipOptions(w, i + 1) - 1;
  if ((name === "yarn" || name === "pnpm") && (w[i + 1] === "workspace" || w[i + 1] === "--filter") && isWord(w[i + 3]))
    i += 2;
  const sub = w[i + 1];
  if ((SCRIPT_RUNNERS.has(name) || name === "turbo" || name === "nx") && sub === "run" && isWord(w[i + 2])) {
    const script = w[i + 2]!;
    return known(scriptPurpose(script) ?? "run", name, "run", script);
  }
  if ((name === "make" || name === "just" || name === "task") && isWord(sub)) {
    const purpose = scriptPurpose(sub) ?? (sub === "all" ? "build" : "run");
    return known(purpose, name, sub);
  }
  if (SUBCOMMAND_TOOLS.has(name) && isWord(sub)) {
    const pair = `${name} ${sub}`;
    const triple = `${pair} ${w[i + 2] ?? ""}`;
    const tp = TOOL_PURPOSE[triple] ?? TOOL_PURPOSE[pair];
    if (tp === "ci" || tp === "deploy") return known(tp, ...(TOOL_PURPOSE[triple] ? triple : pair).split(" "));
    if (name === "git" || name === "gh") return VCS_READ_ONLY.has(sub) ? null : known("vcs", name, sub);
    if (TOOL_PURPOSE[triple]) return known(TOOL_PURPOSE[triple]!, ...triple.split(" "));
    if (tp) return known(tp, name, sub);
    if (DIRECT_SCRIPTS.has(name) && !OWN_VERBS.has(sub) && !isPathLike(sub))
      return known(scriptPurpose(sub) ?? "run", name, sub);
  }
  const purpose = TOOL_PURPOSE[name];
  if (purpose) return known(purpose, name);
  // Each script is a program of its own: runs of `python a.py` are no evidence for `python b.py`.
  if (INTERPRETERS.has(name) && sub !== undefined && isPathLike(sub) && !sub.startsWith("-"))
    return known("run", name, sub);
  if (/^\.\/[\w./-]+$/.test(tool)) return known("run", tool);
  if (UTILITIES.has(name) || !/^[a-z][\w.-]*$/i.test(name) || (tool.includes("/") && !tool.startsWith("./")))
    return null;
  return {
    purpose: "run",
    canonical: [...head, name, ...(isWord(sub) && !isPathLike(sub) ? [sub] : [])].join(" "),
    known: false,
  };
}

/** A version-control step as its canonical words and long options (`git merge --no-ff`): messages and names vary. */
const vcsForm = (canonical: string, written: string) =>
  [canonical, ...new Set(written.split(/\s+/).filter((w) => /^--[a-z][\w-]*$/.test(w)))].join(" ");

const cap = (text: string) =>
  Array.from(text).length <= MAX_COMMAND_CHARS
    ? text
    : `${Array.from(text)
        .slice(0, MAX_COMMAND_CHARS - 1)
        .join("")}…`;

/** Commands repeat (the same test run, again and again): each is read once, for up to this many distinct ones. */
const MEMO_SIZE = 10_000;
const memo = new Map<string, ParsedCommand | null>();

/** Reads a shell command; null when it is empty. */
export function parseCommand(command: string): ParsedCommand | null {
  const known = memo.get(command);
  if (known !== undefined) return known;
  if (memo.size >= MEMO_SIZE) memo.clear();
  const parsed = readCommand(command);
  memo.set(command, parsed);
  return parsed;
}

function readCommand(command: string): ParsedCommand | null {
  const first = command.split(/\r?\n/)[0]!.trim();
  if (first === "") return null;
  const exact = cap(first);
  const setup: string[] = [];
  let changesDirectory = false;
  const setupWritten: string[] = [];
  let setupSteps = 0;
  const steps: (Omit<CommandStep, "exact"> & { written: string; known: boolean })[] = [];
  const parts = segments(first);
  parts.forEach(({ words: w, written }, index) => {
    if (w.length === 0) return;
    const s = setupOf(w);
    if (s !== null) {
      if (index === 0 && (w[0] === "cd" || w[0] === "pushd")) changesDirectory = true;
      setupSteps += 1;
      if (s !== "") {
        setup.push(s);
        setupWritten.push(written);
      }
      return;
    }
    const step = classify(w);
    if (step)
      steps.push({
        purpose: step.purpose,
        canonical: [...setup, step.canonical].join(" && "),
        written: [...setupWritten, written].join(" && "),
        known: step.known,
      });
  });
  const single = steps.length === 1 && parts.length === setupSteps + 1;
  const read = (ofKind: boolean) =>
    steps
      .filter((step) => step.known === ofKind)
      .map(({ purpose, canonical, written }) => ({
        purpose,
        canonical,
        exact: purpose === "vcs" ? vcsForm(canonical, written) : cap(single ? first : written),
      }));
  return { exact, steps: read(true), others: read(false), changesDirectory };
}
