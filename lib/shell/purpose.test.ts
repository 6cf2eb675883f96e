import { describe, expect, it } from "vitest";
import { parseCommand } from "@/lib/shell/purpose";

const steps = (command: string) => parseCommand(command)?.steps.map((s) => `${s.purpose}: ${s.canonical} | ${s.exact}`) ?? null;

describe("parseCommand", () => {
  it.each([
    ["pytest", "test: pytest | pytest"],
    ["uv run pytest test/x.py -v", "test: uv run pytest | uv run pytest test/x.py -v"],
    ["python -m pytest -q tests/", "test: python -m pytest | python -m pytest -q tests/"],
    ["npm run test:unit -- --run", "test: npm run test:unit | npm run test:unit -- --run"],
    ["cargo test --workspace", "test: cargo test | cargo test --workspace"],
    ["go test ./...", "test: go test | go test ./..."],
    ["npx vitest run lib/x.test.ts", "test: npx vitest | npx vitest run lib/x.test.ts"],
    ["ruff check .", "lint: ruff check | ruff check ."],
    ["npx eslint src --max-warnings 0", "lint: npx eslint | npx eslint src --max-warnings 0"],
    ["make lint", "lint: make lint | make lint"],
    ["npx tsc --noEmit -p .", "typecheck: npx tsc | npx tsc --noEmit -p ."],
    ["mypy src", "typecheck: mypy | mypy src"],
    ["npm run build", "build: npm run build | npm run build"],
    ["pip install -r requirements.txt", "install: pip install | pip install -r requirements.txt"],
    ["uv sync --all-extras", "install: uv sync | uv sync --all-extras"],
    ["python app.py --port 8000", "run: python <file> | python app.py --port 8000"],
    ["./scripts/dev.sh", "run: ./scripts/dev.sh | ./scripts/dev.sh"],
    ["git merge --no-ff feature/x -m \"merge\"", "vcs: git merge | git merge --no-ff"],
  ])("%s", (command, expected) => {
    expect(steps(command)).toEqual([expected]);
  });

  it("keeps the setup steps in the form, and the whole line as the example when it is one step", () => {
    expect(steps("(source .venv/bin/activate && pytest -x)")).toEqual(["test: source .venv/bin/activate && pytest | (source .venv/bin/activate && pytest -x)"]);
    expect(steps("cd web && npm test")).toEqual(["test: cd web && npm test | cd web && npm test"]);
    expect(steps("cd /abs/repo && pytest")).toEqual(["test: pytest | cd /abs/repo && pytest"]);
  });

  it("reads every step of a compound command, each with its own example", () => {
    expect(steps("(source .venv/bin/activate && ruff check deep_manifest/ && pytest)")).toEqual([
      "lint: source .venv/bin/activate && ruff check | source .venv/bin/activate && ruff check deep_manifest/",
      "test: source .venv/bin/activate && pytest | source .venv/bin/activate && pytest",
    ]);
  });

  it("does not split inside quotes, reads only the first line, and leaves out what says nothing", () => {
    expect(steps(`git commit -m "fix: a && b; c | d"`)).toEqual(["vcs: git commit | git commit"]);
    expect(steps("git commit -m \"$(cat <<'EOF'\nline && pytest\nEOF\n)\"")).toEqual(["vcs: git commit | git commit"]);
    expect(steps("git status && git log --oneline -5")).toEqual([]);
    expect(steps("ls -la && cat README.md | head")).toEqual([]);
    expect(parseCommand("   ")).toBeNull();
  });

  it("says when a command starts by changing directory", () => {
    expect(parseCommand("cd tests")?.changesDirectory).toBe(true);
    expect(parseCommand("pytest && cd x")?.changesDirectory).toBe(false);
  });
});
