import { describe, expect, it } from "vitest";
import { runOutcome } from "./run-outcome";

describe("runOutcome", () => {
  it.each([
    ["=== 2 failed, 10 passed in 0.4s ===", "problems"],
    ["test result: FAILED. 3 passed; 1 failed", "problems"],
    [" 3 pass\n 1 fail", "problems"],
    ["E   AssertionError: assert 10.04 == 10.05", "problems"],
    ["src/a.ts(3,1): error TS2322: Type 'string' is not assignable", "problems"],
    ["Found 3 errors.", "problems"],
    ["/bin/bash: line 1: pytest: command not found", "did-not-run"],
    ["error: no such command: `nextest`", "did-not-run"],
    ["ModuleNotFoundError: No module named 'pytest'", "did-not-run"],
    ['npm ERR! Missing script: "lint"', "did-not-run"],
    ["error: unrecognized arguments: --cov", "did-not-run"],
    ["ERROR: file or directory not found: tests/test_x.py", "did-not-run"],
    ["make: *** [deploy] Error 2", "failed"],
  ])("%s", (output, outcome) => {
    expect(runOutcome(true, output)).toBe(outcome);
  });

  it("is passed when the run reported no error, and a red test run that names a missing module is still red", () => {
    expect(runOutcome(false, "1 failed")).toBe("passed");
    expect(runOutcome(true, "ModuleNotFoundError: No module named 'x'\n=== 1 failed in 0.1s ===")).toBe("problems");
  });
});
