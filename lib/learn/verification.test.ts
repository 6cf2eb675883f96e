import { describe, expect, it } from "vitest";
import { isTestCommand, isVerificationCommand } from "@/lib/learn/verification";

describe("isVerificationCommand", () => {
  it.each([
    "npm test",
    "npm run build",
    "npm run test:unit -- --run",
    "pnpm lint",
    "yarn typecheck",
    "cd web && npm test",
    "npx tsc --noEmit",
    "npx vitest run",
    "tsc -p .",
    "eslint src",
    "pytest -x tests/",
    "python -m pytest",
    "ruff check .",
    "cargo test",
    "go test ./...",
    "jest --watchAll=false",
    "make",
    "make test",
    "(npm run lint)",
  ])("%s verifies", (command) => {
    expect(isVerificationCommand(command)).toBe(true);
  });

  it.each([
    "ls -la",
    "git status",
    "npm install",
    'git commit -m "make tests pass"',
    "echo 'npm test'",
    "cat tsconfig.json",
    "cmake ..",
    "grep -r pytest docs",
  ])("%s does not", (command) => {
    expect(isVerificationCommand(command)).toBe(false);
  });
});

describe("isVerificationCommand wrappers", () => {
  it.each(["CI=1 npm test", "timeout 300 pytest", "uv run pytest -q", "sudo make install", "npm ci && npm run build"])(
    "%s verifies",
    (command) => {
      expect(isVerificationCommand(command)).toBe(true);
    },
  );
});

describe("isTestCommand", () => {
  it.each([
    "npm test",
    "pnpm run test:unit",
    "npx vitest run",
    "(source .venv/bin/activate && pytest -x)",
    "python3 -m unittest",
    "cargo test",
    "go test ./...",
    "CI=1 jest",
  ])("%s runs tests", (command) => {
    expect(isTestCommand(command)).toBe(true);
  });

  it.each([
    "npm run build",
    "npx tsc --noEmit",
    "ruff check .",
    "make",
    "git commit -m 'npm test'",
    "cat test_unit.py",
  ])("%s does not", (command) => {
    expect(isTestCommand(command)).toBe(false);
  });
});
