import { commandParts } from "@/lib/shell/split";

/**
 * Does a shell command build, test, lint or type-check the project? Used to tell whether an agent
 * verified its edits. Each command of a pipeline or `&&` chain is checked at its start (after
 * environment assignments and wrappers such as `timeout 60` or `uv run`, see `commandParts`), so
 * `cd web && npm test` verifies while `grep pytest docs` and `git commit -m "make tests pass"` do not.
 */

const PATTERNS = [
  // npm test, npm run build, pnpm lint, yarn typecheck, bun run test:unit
  String.raw`(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?(?:test|build|lint|typecheck|type-check|check|verify)(?::[\w-]+)?`,
  String.raw`(?:npx|pnpx|bunx)\s+(?:tsc|eslint|vitest|jest|playwright\s+test|prettier\s+--check|biome\s+check)`,
  String.raw`(?:tsc|eslint|vitest|jest|pytest|ruff|mypy|pyright|flake8|rspec|phpunit|make|ctest)`,
  String.raw`python3?\s+-m\s+(?:pytest|unittest|mypy)`,
  String.raw`cargo\s+(?:test|build|check|clippy)`,
  String.raw`go\s+(?:test|build|vet)`,
  String.raw`(?:mvn|gradle|\./gradlew)\s+\S*(?:test|build|verify|check)`,
  String.raw`dotnet\s+(?:test|build)`,
];

const VERIFY = new RegExp(`^(?:${PATTERNS.join("|")})(?=$|\\s)`);

/** Test runners only (a subset of the verification commands): used to tell testing work apart. */
const TEST =
  /^(?:(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?test(?::[\w-]+)?|(?:npx|pnpx|bunx)\s+(?:vitest|jest|playwright\s+test)|vitest|jest|pytest|rspec|phpunit|ctest|python3?\s+-m\s+(?:pytest|unittest)|cargo\s+test|go\s+test|dotnet\s+test|(?:mvn|gradle|\.\/gradlew)\s+test)(?=$|\s)/;

export function isVerificationCommand(command: string): boolean {
  return commandParts(command).some((part) => VERIFY.test(part));
}

export function isTestCommand(command: string): boolean {
  return commandParts(command).some((part) => TEST.test(part));
}
