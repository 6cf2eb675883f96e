import { describe, expect, it } from "vitest";
import { commandRoot, relativeCommand, runTarget } from "./command-paths";
import type { KnowledgeOperation, KnowledgeSession } from "./contract";

const op = (tool: string, o: Partial<KnowledgeOperation>): KnowledgeOperation => ({
  seq: 0,
  tool,
  file: null,
  command: null,
  isError: false,
  output: null,
  at: null,
  ...o,
});
const session = (operations: KnowledgeOperation[]): KnowledgeSession => ({
  id: 1,
  startedAt: 0,
  operations,
  prompts: [],
});

describe("commandRoot", () => {
  it("is the folder the agent cds into by absolute path, never a system or scratch folder", () => {
    const scratch = [
      op("Bash", { command: "cd /tmp && ls" }),
      op("Bash", { command: "cd /tmp" }),
      op("Bash", { command: "cd /tmp" }),
      op("Edit", { file: "/w/shop/src/a.py" }),
    ];
    expect(commandRoot([session(scratch)])).toBe("/w/shop/");
    expect(
      commandRoot([
        session([
          op("Bash", { command: "cd /w/shop && pytest" }),
          op("Bash", { command: "cd /w/shop" }),
          op("Edit", { file: "/w/shop/src/a.py" }),
        ]),
      ]),
    ).toBe("/w/shop/");
  });

  it("else the folder of the modified files, above a conventional folder like src/", () => {
    expect(
      commandRoot([
        session([
          op("Edit", { file: "/w/shop/src/a.py" }),
          op("Write", { file: "/w/shop/src/b/c.py" }),
          op("Write", { file: "/home/u/.claude/plans/p.md" }),
        ]),
      ]),
    ).toBe("/w/shop/");
    expect(commandRoot([session([op("Bash", { command: "pytest" })])])).toBe("");
  });
});

describe("relativeCommand", () => {
  it("makes absolute paths relative to the root, or from their first conventional folder", () => {
    expect(relativeCommand("uv run pytest /w/shop/tests/test_a.py -q", "/w/shop/")).toBe(
      "uv run pytest tests/test_a.py -q",
    );
    expect(relativeCommand("(cd /w/shop && pytest)", "/w/shop/")).toBe("(pytest)");
    expect(relativeCommand("pytest /elsewhere/tests/unit", "")).toBe("pytest tests/unit");
    expect(relativeCommand("pytest /w/shop/tests > /dev/null", "/w/shop/")).toBe("pytest tests > /dev/null");
  });

  it("is null when a path lies outside what is known of the project", () => {
    expect(relativeCommand("pytest /opt/x/check.py", "/w/shop/")).toBeNull();
  });
});

describe("runTarget", () => {
  it("tells the whole suite from a part of it", () => {
    expect(runTarget("go test ./...", "go test")).toEqual({ absolute: false, partial: false });
    expect(runTarget("npm run test:unit -- --run", "npm run test:unit")).toEqual({ absolute: false, partial: false });
    expect(runTarget("pytest -m slow", "pytest")).toEqual({ absolute: false, partial: true });
    expect(runTarget("cargo test parse::tests", "cargo test")).toEqual({ absolute: false, partial: true });
    expect(runTarget("bun test /w/shop/src/a.test.ts", "bun test")).toEqual({ absolute: true, partial: true });
  });
});
