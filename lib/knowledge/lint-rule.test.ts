import { describe, expect, it } from "vitest";
import { operationMaker } from "@/test/factories/knowledge";
import type { KnowledgeOperation, KnowledgeSession } from "./contract";
import { guidanceWorthy, mineFailures } from "./failures";
import { isCheckConfig, ruleFinding, silencesRule } from "./lint-rule";
import { itemLine } from "./wording";

const op = operationMaker((next) => 1_800_000_000_000 + next * 1000);
const sh = (command: string, output: string | null = null, isError = false) => op("Bash", { command, output, isError });
const fails = (command: string, output: string) => sh(command, output, true);
const edit = (file: string) => op("Edit", { file });
const session = (id: number, operations: KnowledgeOperation[]): KnowledgeSession => ({
  id,
  startedAt: 1_800_000_000_000 + id,
  operations,
  prompts: [],
});
const ROOT = "/home/me/shop";

const RUFF = [
  "Exit code 1",
  "SIM115 Use a context manager for opening files",
  "   --> shop/archive.py:191:25",
  "    |",
  "191 |             tf = tarfile.open(fileobj=data, mode='r:*')",
  "    |                  ^^^^^^^^^^^^",
  "Found 1 error.",
].join("\n");

describe("ruleFinding: the rule a check's output names", () => {
  it.each([
    [RUFF, "SIM115", "Use a context manager for opening files"],
    ["shop/a.py:3:80: E501 Line too long (88 > 79 characters)", "E501", "Line too long (88 > 79 characters)"],
    ["shop/a.py:1:0: C0114: Missing module docstring (missing-module-docstring)", "C0114", "Missing module docstring"],
    [
      "src/cart.ts(3,5): error TS2345: Argument of type 'string' is not assignable to parameter of type 'number'.",
      "TS2345",
      "Argument of type 'string' is not assignable to parameter of type 'number'.",
    ],
    [
      'shop/a.py:12: error: Incompatible types in assignment (expression has type "str", variable has type "int")  [assignment]',
      "assignment",
      'Incompatible types in assignment (expression has type "str", variable has type "int")',
    ],
    [
      "/home/me/shop/src/cart.js\n  12:7  error  'total' is assigned a value but never used  no-unused-vars\n\n✖ 1 problem (1 error, 0 warnings)",
      "no-unused-vars",
      "'total' is assigned a value but never used",
    ],
    ["error[E0308]: mismatched types\n --> src/main.rs:4:18", "E0308", "mismatched types"],
    [
      '  /home/me/shop/a.py:3:8 - error: Import "foo" could not be resolved (reportMissingImports)',
      "reportMissingImports",
      'Import "foo" could not be resolved',
    ],
    ["main.go:12:2: ineffectual assignment to err (ineffassign)", "ineffassign", "ineffectual assignment to err"],
    [
      "app/cart.rb:3:5: C: [Correctable] Style/StringLiterals: Prefer single-quoted strings when you don't need interpolation.",
      "Style/StringLiterals",
      "Prefer single-quoted strings when you don't need interpolation.",
    ],
  ])("finds the rule in %j", (output, code, message) => {
    expect(ruleFinding(output)).toEqual({ code, message });
  });

  it("finds none in a failure that names no rule (a crash, red tests, a missing program)", () => {
    expect(ruleFinding("Traceback (most recent call last):\nModuleNotFoundError: No module named 'ruff'")).toBeNull();
    expect(ruleFinding("FAILED tests/test_cart.py::test_total - AssertionError\n1 failed, 4 passed")).toBeNull();
    expect(ruleFinding("/bin/bash: line 1: ruff: command not found")).toBeNull();
    expect(ruleFinding(null)).toBeNull();
  });

  it("knows what silences a rule rather than satisfying it: an ignoring flag, the linter's configuration", () => {
    expect(silencesRule("ruff check --ignore SIM115 shop/")).toBe(true);
    expect(silencesRule("npx eslint --rule 'no-unused-vars: off' src")).toBe(true);
    expect(silencesRule("ruff check --add-noqa shop/")).toBe(true);
    expect(silencesRule("mypy --disable-error-code assignment shop")).toBe(true);
    expect(silencesRule("ruff check shop/ && pytest")).toBe(false);
    expect(silencesRule(null)).toBe(false);
    expect(isCheckConfig("pyproject.toml")).toBe(true);
    expect(isCheckConfig("web/.eslintrc.json")).toBe(true);
    expect(isCheckConfig("shop/archive.py")).toBe(false);
  });
});

describe("mineFailures: a lint rule fixed by an edit", () => {
  it("states the rule and the code edit after which the same check passed, naming the check, not the command as wrong", () => {
    const s = session(1, [
      fails("(source .venv/bin/activate && ruff check shop/)", RUFF),
      edit(`${ROOT}/shop/archive.py`),
      // The check passed again inside a longer call (the tests appended): the failed command passed.
      sh("(source .venv/bin/activate && ruff check shop/ && pytest)", "All checks passed!"),
      edit(`${ROOT}/tests/test_archive.py`),
    ]);
    const [failure] = mineFailures([s]);
    expect(failure).toMatchObject({
      rule: { code: "SIM115", check: "ruff check" },
      check: false,
      signature: "SIM115 Use a context manager for opening files",
    });
    expect(failure!.fix).toMatchObject({
      change: { files: ["shop/archive.py"], passed: "(source .venv/bin/activate && ruff check shop/)" },
    });
    expect(guidanceWorthy(failure!)).toBe(true);
    expect(itemLine(failure!)).toMatch(
      /^When `ruff check` reports `SIM115 Use a context manager for opening files` \(a finding in the code; the command was right\), what fixed it: editing `shop\/archive\.py`, then `\(source \.venv\/bin\/activate && ruff check shop\/\)` passed — reported once, in 1 session/,
    );
  });

  it("groups one rule across sessions by its code, whatever the line it was found on", () => {
    const run = (id: number, line: number) =>
      session(id, [
        fails(
          "npx eslint src",
          `${ROOT}/src/cart.js\n  ${line}:7  error  'total' is assigned a value but never used  no-unused-vars`,
        ),
        edit(`${ROOT}/src/cart.js`),
        sh("npx eslint src", ""),
      ]);
    const failures = mineFailures([run(1, 12), run(2, 40)]);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({
      rule: { code: "no-unused-vars", check: "npx eslint" },
      signature: "no-unused-vars",
      evidence: { sessions: 2 },
      fix: { change: { times: 2 } },
    });
  });

  it("counts the checker fixing the code itself (`--fix`) as a fix, named as the form that passed", () => {
    const s = session(1, [
      fails("ruff check shop/", "shop/a.py:3:1: F401 [*] `os` imported but unused\nFound 1 error."),
      sh("ruff check --fix shop/", "Found 1 error (1 fixed, 0 remaining)."),
    ]);
    const [failure] = mineFailures([s]);
    expect(failure).toMatchObject({
      rule: { code: "F401" },
      check: false,
      fix: { change: { files: [], command: "ruff check --fix shop/" } },
    });
    expect(itemLine(failure!)).toContain("what fixed it: `ruff check --fix shop/` passed instead");
  });

  it("is no fix when only the linter's configuration changed (the rule turned off there)", () => {
    const s = session(1, [
      fails("ruff check shop/", RUFF),
      edit(`${ROOT}/pyproject.toml`),
      sh("ruff check shop/", "All checks passed!"),
    ]);
    const [failure] = mineFailures([s]);
    expect(failure).toMatchObject({ rule: { code: "SIM115" }, check: true });
    expect(guidanceWorthy(failure!)).toBe(false);
  });

  it("is no fix when the check passed only with a flag that silences the rule", () => {
    const s = session(1, [
      fails("ruff check shop/", RUFF),
      edit(`${ROOT}/shop/archive.py`),
      sh("ruff check --ignore SIM115 shop/", "All checks passed!"),
    ]);
    const [failure] = mineFailures([s]);
    expect(failure).toMatchObject({ rule: { code: "SIM115" }, check: true });
    expect(guidanceWorthy(failure!)).toBe(false);
  });

  it("keeps red tests a check reporting problems: a test failure is no rule", () => {
    const s = session(1, [
      fails("pytest", "FAILED tests/test_a.py::test_x - KeyError: 'x'\n1 failed in 0.1s"),
      edit(`${ROOT}/shop/a.py`),
      sh("pytest", "1 passed"),
    ]);
    const failures = mineFailures([s]);
    expect(failures.every((f) => f.rule === undefined && !guidanceWorthy(f))).toBe(true);
  });
});
