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
  /** The command starts by changing directory (which Claude Code keeps for the calls that follow). */
  changesDirectory: boolean;
}

/** Wrappers that run the next word as the tool (the project runners, then the package runners and `python -m`). */
const WRAPPERS: Record<string, number> = {
  ...Object.fromEntries(RUNNERS.map((runner) => [runner, 2])),
  "pnpm exec": 2, "pnpm dlx": 2, "yarn dlx": 2, "npm exec": 2, "python -m": 2, "python3 -m": 2, "py -m": 2, "uvx": 1, "npx": 1, "bunx": 1, "pipx run": 2,
};
const SCRIPT_RUNNERS = new Set(["npm", "yarn", "pnpm", "bun"]);
const INTERPRETERS = new Set(["python", "python3", "node", "ruby", "perl", "php", "bash", "sh", "deno", "bun", "tsx", "ts-node"]);

const TOOL_PURPOSE: Record<string, CommandPurpose> = {
  pytest: "test", "py.test": "test", unittest: "test", jest: "test", vitest: "test", mocha: "test", ava: "test", rspec: "test", phpunit: "test",
  tox: "test", nox: "test", ctest: "test", karma: "test", cypress: "test", "cargo test": "test", "go test": "test", "dotnet test": "test",
  "mix test": "test", "deno test": "test", "bun test": "test", "npm test": "test", "yarn test": "test", "pnpm test": "test", "playwright test": "test",
  "mvn test": "test", "gradle test": "test", "./gradlew test": "test", "rake test": "test",
  ruff: "lint", "ruff check": "lint", eslint: "lint", flake8: "lint", pylint: "lint", "golangci-lint": "lint", rubocop: "lint", stylelint: "lint",
  shellcheck: "lint", "cargo clippy": "lint", "biome lint": "lint", "biome check": "lint", "go vet": "lint", hadolint: "lint", markdownlint: "lint",
  tsc: "typecheck", mypy: "typecheck", pyright: "typecheck", "vue-tsc": "typecheck", "cargo check": "typecheck", flow: "typecheck",
  "ruff format": "format", black: "format", prettier: "format", gofmt: "format", "cargo fmt": "format", isort: "format", "biome format": "format", "go fmt": "format",
  "cargo build": "build", "go build": "build", "next build": "build", "vite build": "build", webpack: "build", "docker build": "build", "mvn package": "build",
  "gradle build": "build", "./gradlew build": "build", "dotnet build": "build", make: "build", "make build": "build", "make all": "build", esbuild: "build", rollup: "build",
  "pip install": "install", "pip3 install": "install", "uv sync": "install", "uv pip": "install", "uv add": "install", "npm install": "install", "npm ci": "install",
  "npm i": "install", "npm add": "install", yarn: "install", "yarn install": "install", "yarn add": "install", "pnpm install": "install", "pnpm i": "install",
  "pnpm add": "install", "bun install": "install", "bun add": "install", "poetry install": "install", "poetry add": "install", "pipenv install": "install",
  "cargo add": "install", "cargo fetch": "install", "go mod": "install", "go get": "install", "conda create": "install", "conda install": "install",
  "bundle install": "install", "composer install": "install", "brew install": "install", "apt install": "install", "apt-get install": "install",
  "cargo run": "run", "go run": "run", "npm start": "run", "yarn start": "run", "pnpm start": "run", "dotnet run": "run", "streamlit run": "run", "flask run": "run",
  "docker compose": "run", "docker run": "run", uvicorn: "run", gunicorn: "run",
};
const SCRIPT_PURPOSE: ReadonlyArray<readonly [RegExp, CommandPurpose]> = [
  [/test|spec|e2e/i, "test"],
  [/lint/i, "lint"],
  [/type|tsc/i, "typecheck"],
  [/format|fmt|prettier/i, "format"],
  [/build|compile|bundle|dist/i, "build"],
  [/install|setup|bootstrap|deps/i, "install"],
  [/dev|start|serve|run|preview/i, "run"],
];

const isWord = (w: string | undefined): w is string => w !== undefined && /^[A-Za-z][\w:.-]*$/.test(w);
const isPathLike = (w: string) => w.includes("/") || /\.\w{1,5}$/.test(w);

/** Version-control commands that only look (status, diff, log, …) teach nothing about the project. */
const VCS_READ_ONLY = new Set(["status", "diff", "log", "show", "branch", "remote", "fetch", "blame", "reflog", "ls-files", "rev-parse", "config", "describe"]);

/** The line's steps, each as its words (quotes blanked, redirections and prefixes left out) and as written. */
function segments(line: string): { words: string[]; written: string }[] {
  return simpleCommands(line).map(({ text, written }) => ({ words: text.replace(/\s+\d?>&?\S*/g, "").replace(PREFIXES, "").split(/\s+/).filter((w) => w !== ""), written }));
}

function setupOf(w: string[]): string | null {
  if (!SETUP.test(w.join(" "))) return null;
  const two = `${w[0]} ${w[1] ?? ""}`;
  if (two === "conda activate" || two === "nvm use") return `${two}${w[2] ? ` ${w[2]}` : ""}`;
  if (w[0] === "cd" || w[0] === "pushd") return w[1] === undefined || /^[~/]/.test(w[1]) ? "" : w.slice(0, 2).join(" ");
  return w[0] === "set" || w[0] === "export" || w[0] === "popd" ? "" : w.slice(0, 2).join(" ");
}

/** A tool step's canonical words and purpose; null when the words do not say what it is for. */
function classify(w: string[]): Omit<CommandStep, "exact"> | null {
  let i = 0;
  const head: string[] = [];
  const wrapper = WRAPPERS[`${w[0]} ${w[1] ?? ""}`] === 2 ? 2 : WRAPPERS[w[0]!] === 1 ? 1 : 0;
  if (wrapper > 0) {
    head.push(...w.slice(0, wrapper));
    i = wrapper;
  }
  const tool = w[i];
  if (!tool) return null;
  const name = tool.startsWith("./") ? tool : tool.replace(/^.*\//, "");
  const sub = w[i + 1];
  if (SCRIPT_RUNNERS.has(name) && sub === "run" && isWord(w[i + 2])) {
    const script = w[i + 2]!;
    const purpose = SCRIPT_PURPOSE.find(([p]) => p.test(script))?.[1] ?? "run";
    return { purpose, canonical: [...head, name, "run", script].join(" ") };
  }
  if ((name === "make" || name === "just" || name === "task") && isWord(sub)) {
    const purpose = SCRIPT_PURPOSE.find(([p]) => p.test(sub))?.[1] ?? (sub === "all" ? "build" : null);
    return purpose ? { purpose, canonical: [...head, name, sub].join(" ") } : null;
  }
  if (SUBCOMMAND_TOOLS.has(name) && isWord(sub)) {
    const pair = `${name} ${sub}`;
    if (name === "git" || name === "gh") return VCS_READ_ONLY.has(sub) ? null : { purpose: "vcs", canonical: [...head, pair].join(" ") };
    const purpose = TOOL_PURPOSE[pair];
    if (purpose) return { purpose, canonical: [...head, pair].join(" ") };
  }
  const purpose = TOOL_PURPOSE[name];
  if (purpose) return { purpose, canonical: [...head, name].join(" ") };
  if (INTERPRETERS.has(name) && sub !== undefined && isPathLike(sub) && !sub.startsWith("-")) return { purpose: "run", canonical: [...head, name, "<file>"].join(" ") };
  if (/^\.\/[\w./-]+$/.test(tool)) return { purpose: "run", canonical: [...head, tool].join(" ") };
  return null;
}

/** A version-control step as its canonical words and long options (`git merge --no-ff`): messages and names vary. */
const vcsForm = (canonical: string, written: string) => [canonical, ...new Set(written.split(/\s+/).filter((w) => /^--[a-z][\w-]*$/.test(w)))].join(" ");

const cap = (text: string) => (Array.from(text).length <= MAX_COMMAND_CHARS ? text : `${Array.from(text).slice(0, MAX_COMMAND_CHARS - 1).join("")}…`);

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
  const steps: (Omit<CommandStep, "exact"> & { written: string })[] = [];
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
    if (step) steps.push({ purpose: step.purpose, canonical: [...setup, step.canonical].join(" && "), written: [...setupWritten, written].join(" && ") });
  });
  const single = steps.length === 1 && parts.length === setupSteps + 1;
  return {
    exact,
    steps: steps.map(({ purpose, canonical, written }) => ({ purpose, canonical, exact: purpose === "vcs" ? vcsForm(canonical, written) : cap(single ? first : written) })),
    changesDirectory,
  };
}
