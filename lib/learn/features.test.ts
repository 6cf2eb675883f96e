import { describe, expect, it } from "vitest";
import { makeSession } from "@/test/factories/session";
import { computeFeatures } from "@/lib/learn/features";
import type { Operation, Session } from "@/lib/session";

function session(over: Partial<Session> = {}): Session {
  return makeSession(over);
}

let seq = 0;
function op(tool: string, over: Partial<Operation> = {}): Operation {
  return {
    seq: seq++,
    tool,
    file: null,
    command: null,
    isError: false,
    at: null,
    delegated: false,
    output: null,
    ...over,
  };
}
const read = (file: string, isError = false) => op("Read", { file, isError });
const edit = (file: string, tool = "Edit") => op(tool, { file });
const bash = (command: string, isError = false) => op("Bash", { command, isError });

function withOps(ops: Operation[], over: Partial<Session> = {}) {
  return computeFeatures(
    session({ format: "claude-code", operations: ops, operationCount: ops.length, filesModified: [], ...over }),
  );
}

describe("computeFeatures without operations (ACOS)", () => {
  it("counts from toolBreakdown and leaves order-dependent features unknown", () => {
    expect(computeFeatures(session())).toEqual({
      operationCount: 14,
      filesModifiedCount: 2,
      filesReadCount: null,
      verifiedAfterEdit: null,
      verificationPassed: null,
      readBeforeEditRatio: null,
      blindEdits: null,
      delegated: false,
      toolErrors: null,
      interruptions: null,
      shellOps: 3,
      domain: "code_development",
    });
  });

  it("sees delegation in Task or Agent calls", () => {
    expect(computeFeatures(session({ toolBreakdown: { Task: 1 } })).delegated).toBe(true);
    expect(computeFeatures(session({ toolBreakdown: { Agent: 2, Read: 1 } })).delegated).toBe(true);
    expect(computeFeatures(session({ toolBreakdown: { Task: 0, Read: 1 } })).delegated).toBe(false);
  });

  it("does not know about delegation when the breakdown is empty", () => {
    expect(computeFeatures(session({ toolBreakdown: {} }))).toMatchObject({ delegated: null, shellOps: 0 });
  });
});

describe("computeFeatures with operations", () => {
  it("measures read-before-edit per edited file, counting attempts and ignoring failed reads", () => {
    const f = withOps([
      read("a.ts"),
      edit("a.ts"),
      read("b.ts", true),
      edit("b.ts"),
      edit("c.ts", "Write"),
      read("c.ts"),
      edit("c.ts"),
      edit("a.ts", "MultiEdit"),
    ]);
    expect(f.readBeforeEditRatio).toBeCloseTo(1 / 3);
    expect(f.blindEdits).toBe(2);
    expect(f.filesModifiedCount).toBe(3);
    expect(f.filesReadCount).toBe(2);
  });

  it("has no ratio (not applicable) without edits", () => {
    const f = withOps([read("a.ts"), bash("npm test")]);
    expect(f).toMatchObject({
      readBeforeEditRatio: null,
      blindEdits: 0,
      verifiedAfterEdit: null,
      verificationPassed: null,
    });
  });

  it("wants a verification after the last edit, and reports whether the last one passed", () => {
    expect(withOps([edit("a.ts"), bash("npm test", true), bash("npx tsc --noEmit")])).toMatchObject({
      verifiedAfterEdit: true,
      verificationPassed: true,
    });
    expect(withOps([edit("a.ts"), bash("npm test"), bash("npm run lint", true)])).toMatchObject({
      verifiedAfterEdit: true,
      verificationPassed: false,
    });
    expect(withOps([bash("npm test"), edit("a.ts"), bash("git diff")])).toMatchObject({
      verifiedAfterEdit: false,
      verificationPassed: null,
    });
    expect(withOps([edit("a.ts", "NotebookEdit")])).toMatchObject({ verifiedAfterEdit: false });
    expect(withOps([op("Edit", { file: "a.ts", isError: true }), bash("npm test")])).toMatchObject({
      verifiedAfterEdit: null,
      verificationPassed: null,
      filesModifiedCount: 0,
    });
  });

  it("counts delegation, tool errors, shell calls and files read from the session", () => {
    const f = withOps([op("Grep"), bash("ls", true), op("Read", { file: "x.ts", delegated: true }), bash("pwd")], {
      filesRead: ["y.ts"],
    });
    expect(f).toMatchObject({ delegated: true, toolErrors: 1, shellOps: 2, filesReadCount: 2, interruptions: null });
    expect(withOps([op("Task")]).delegated).toBe(true);
    expect(withOps([op("Read", { file: "a" })]).delegated).toBe(false);
  });

  it("takes interruptions from the conversation events (unknown without them)", () => {
    const events = { interruptions: 2, rejectedToolCalls: 1, apiErrors: 0 };
    expect(withOps([op("Read", { file: "a" })], { events }).interruptions).toBe(2);
    expect(withOps([op("Read", { file: "a" })]).interruptions).toBeNull();
  });
});
