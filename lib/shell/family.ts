import { commandParts } from "@/lib/shell/split";

/** Steps that only prepare the command that matters: `cd web`, `source .venv/bin/activate`, `export X=1`. */
export const SETUP =
  /^(?:cd|source|\.|export|set|(?:conda|mamba|micromamba)\s+activate|(?:nvm|fnm)\s+use|pyenv\s+(?:shell|local)|pushd|popd|workon|activate)(?=$|\s)/;

/** Programs whose first argument names what they do: `git commit`, `npm test`, `cargo build`, `ruff check`. */
export const SUBCOMMAND_TOOLS: ReadonlySet<string> = new Set([
  "npm",
  "yarn",
  "pnpm",
  "bun",
  "npx",
  "pnpx",
  "bunx",
  "cargo",
  "go",
  "ruff",
  "uv",
  "pip",
  "pip3",
  "git",
  "gh",
  "make",
  "just",
  "docker",
  "poetry",
  "dotnet",
  "mvn",
  "gradle",
  "./gradlew",
  "deno",
  "mix",
  "bundle",
  "conda",
  "composer",
  "brew",
  "apt",
  "apt-get",
  "biome",
  "playwright",
  "task",
  "nx",
  "turbo",
  "rake",
  "kubectl",
  "vite",
  "vercel",
  "netlify",
  "fly",
  "flyctl",
  "wrangler",
  "helm",
  "terraform",
  "tofu",
  "serverless",
  "sls",
  "railway",
  "heroku",
  "pre-commit",
  "golangci-lint",
  "dprint",
  "ty",
  "swift",
  "zig",
  "bazel",
  "hatch",
  "meson",
  "firebase",
  "cdk",
  "pulumi",
  "gcloud",
  "nuxi",
  "astro",
  "mamba",
  "micromamba",
  "pixi",
  "pdm",
  "docker-compose",
  "pipx",
]);

/**
 * The family of a shell command: the program of its first step that is not setup, with the subcommand for
 * launchers. `(source .venv/bin/activate && pytest -x)` → `pytest`; `cd web && npm run test:unit` → `npm run`;
 * `python -m pytest` → `python -m pytest`; `./node_modules/.bin/jest` → `jest`.
 */
export function commandFamily(command: string): string | null {
  const main = commandParts(command).find((part) => !SETUP.test(part));
  if (main === undefined) return null;
  const [first = "", ...rest] = main.split(/\s+/);
  const program = first.startsWith("./") && SUBCOMMAND_TOOLS.has(first) ? first : first.replace(/^.*\//, "");
  if (/^python3?$/.test(program) && rest[0] === "-m" && rest[1]) return `${program} -m ${rest[1]}`;
  const sub = SUBCOMMAND_TOOLS.has(program) ? rest.find((word) => !word.startsWith("-") && word !== "''") : undefined;
  return sub ? `${program} ${sub}` : program;
}

/** The ecosystem of each tool: a tool is replaced by another of its own (jest by vitest), not by another language's. */
const ECOSYSTEMS: Readonly<Record<string, readonly string[]>> = {
  javascript: [
    "npm",
    "npx",
    "pnpm",
    "pnpx",
    "yarn",
    "bun",
    "bunx",
    "node",
    "deno",
    "jest",
    "vitest",
    "mocha",
    "ava",
    "eslint",
    "biome",
    "oxlint",
    "prettier",
    "tsc",
    "vue-tsc",
    "dprint",
    "xo",
    "standard",
  ],
  python: [
    "python",
    "python3",
    "pytest",
    "uv",
    "uvx",
    "poetry",
    "pipenv",
    "pdm",
    "hatch",
    "tox",
    "nox",
    "mypy",
    "pyright",
    "basedpyright",
    "ty",
    "ruff",
    "flake8",
    "pylint",
    "black",
    "isort",
    "yapf",
    "autopep8",
    "pip",
    "pip3",
  ],
  rust: ["cargo", "rustfmt"],
  go: ["go", "gofmt", "golangci-lint"],
  ruby: ["bundle", "rake", "rspec", "rubocop"],
  jvm: ["mvn", "gradle", "./gradlew"],
};
const ECOSYSTEM_OF = new Map(
  Object.entries(ECOSYSTEMS).flatMap(([name, tools]) => tools.map((tool) => [tool, name] as const)),
);

/** The ecosystem of a command's first known tool ("javascript" for `npx vitest run`), null when it names none. */
export function toolEcosystem(command: string): string | null {
  return (
    command
      .split(/\s+/)
      .map((word) => ECOSYSTEM_OF.get(word))
      .find((e) => e !== undefined) ?? null
  );
}
