import { describe, expect, it } from "vitest";
import { inferDomain, type DomainInput } from "@/lib/learn/domain";
import type { Operation } from "@/lib/session";

let seq = 0;
const op = (tool: string, over: Partial<Operation> = {}): Operation => ({
  seq: seq++,
  tool,
  file: null,
  command: null,
  isError: false,
  at: null,
  delegated: false,
  output: null,
  ...over,
});
const bash = (command: string, isError = false) => op("Bash", { command, isError });
const edit = (file: string) => op("Edit", { file });
const read = (file: string) => op("Read", { file });

/** A session from its operations; modified files are the edited ones, as the transcript parser derives them. */
function session(ops: Operation[], task: string | null = null): DomainInput {
  const filesModified = [
    ...new Set(ops.filter((o) => o.tool === "Edit" || o.tool === "Write").map((o) => o.file as string)),
  ];
  return { operations: ops, filesModified, task };
}

describe("inferDomain", () => {
  it("testing: mostly test files edited, or tests run without edits", () => {
    expect(inferDomain(session([edit("src/cart.test.ts"), edit("tests/test_cart.py"), edit("src/cart.ts")]))).toBe(
      "testing",
    );
    expect(inferDomain(session([bash("npm test"), read("src/cart.ts")]))).toBe("testing");
    expect(inferDomain(session([edit("src/cart.ts"), bash("npm test")]))).not.toBe("testing");
  });

  it("debugging: the task says so, or a failing command passes after an edit", () => {
    expect(inferDomain(session([edit("src/cart.ts")], "Fix the total on the checkout page"))).toBe("debugging");
    expect(inferDomain(session([bash("python app.py", true), edit("app.py"), bash("python app.py")]))).toBe(
      "debugging",
    );
    expect(
      inferDomain(session([bash("pytest", true), edit("lib.py"), bash("(source .venv/bin/activate && pytest -x)")])),
    ).toBe("debugging");
    expect(inferDomain(session([bash("python app.py", true), bash("python app.py"), edit("app.py")]))).not.toBe(
      "debugging",
    );
  });

  it("refactoring: the task says so, or files moved across a wide change", () => {
    expect(inferDomain(session([edit("a.ts")], "Refactor the cart module into smaller files"))).toBe("refactoring");
    expect(
      inferDomain(
        session([bash("git mv src/old.ts src/new.ts"), edit("src/new.ts"), edit("src/a.ts"), edit("src/b.ts")]),
      ),
    ).toBe("refactoring");
    expect(inferDomain(session([bash("mv a.ts b.ts"), edit("b.ts")]))).not.toBe("refactoring");
  });

  it("deployment: a push, or a commit of work not done in the session (ACOS's rule, narrowed)", () => {
    expect(inferDomain(session([bash("git status"), bash("git push origin main")]))).toBe("deployment");
    expect(inferDomain(session([bash("git add ."), bash("git commit -m 'wip'")]))).toBe("deployment");
    expect(inferDomain(session([edit("src/cart.ts"), bash("git commit -m 'cart'")]))).toBe("code_development");
  });

  it("research: reads, searches or web calls and no edits", () => {
    expect(inferDomain(session([op("WebSearch"), op("WebFetch"), op("Grep"), read("README.md")]))).toBe("research");
    expect(inferDomain(session([op("TodoWrite")]))).toBe("general");
    expect(inferDomain(session([]))).toBe("general");
  });

  it("documentation: mostly docs edited, blog content excepted", () => {
    expect(inferDomain(session([edit("README.md"), edit("docs/setup.txt"), edit("src/a.ts")]))).toBe("documentation");
    expect(inferDomain(session([edit("content/blog/launch.md")]))).toBe("content_creation");
  });

  it("ACOS's path rules on paths relative to the session's folder, then code_development", () => {
    expect(inferDomain(session([edit("/w/shop/app/page.tsx")]), "/w/shop")).toBe("code_development");
    expect(inferDomain(session([edit("/Users/chip/dev/ai-music/generate.py")]), "/Users/chip/dev/ai-music")).toBe(
      "code_development",
    );
    expect(inferDomain(session([edit("/Users/chip/dev/ai-music/generate.py")]))).toBe("music_production");
    expect(inferDomain(session([edit("/w/shop/.claude/agents/reviewer.json")]), "/w/shop")).toBe("skill_execution");
    expect(inferDomain(session([edit("lib/cart.py")]))).toBe("code_development");
  });

  it("applies the rules in order: testing before debugging before refactoring before deployment", () => {
    const ops = [bash("pytest", true), edit("tests/test_cart.py"), bash("pytest"), bash("git push")];
    expect(inferDomain(session(ops, "fix and refactor"))).toBe("testing");
    expect(inferDomain(session([edit("a.py"), bash("git push")], "refactor and fix"))).toBe("debugging");
    expect(inferDomain(session([edit("a.py"), bash("git push")], "refactor it"))).toBe("refactoring");
  });
});
