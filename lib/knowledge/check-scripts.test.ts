import { describe, expect, it } from "vitest";
import { operationMaker } from "@/test/factories/knowledge";
import { mineCheckScripts } from "./check-scripts";
import type { KnowledgeOperation, KnowledgeSession } from "./contract";
import { itemLine } from "./wording";

const ROOT = "/home/me/music";
const op = operationMaker((next) => 1_800_000_000_000 + next * 1000);
const sh = (command: string, isError = false) =>
  op("Bash", { command, isError, output: isError ? "Traceback (most recent call last):\nKeyError: 'x'" : null });
const write = (file: string) => op("Write", { file: `${ROOT}/${file}` });
const session = (id: number, operations: KnowledgeOperation[]): KnowledgeSession => ({
  id,
  startedAt: 1_800_000_000_000 + id,
  operations,
  prompts: [],
});

describe("mineCheckScripts: without a test runner, scripts named as tests are the project's checks", () => {
  it("states the test-named scripts that passed, leaving out the program, a scratch script and one that never passed", () => {
    const s = session(1, [
      write("mix.py"),
      sh("python mix.py"),
      write("test_mix_simple.py"),
      sh("python test_mix_simple.py"),
      write("try_mix.py"),
      sh("python try_mix.py"),
      sh("python test_mix_simple.py"),
      sh("python3 tempo_test.py", true),
      write("test_no_organ.py"),
      sh("python test_no_organ.py"),
    ]);
    const [item, ...rest] = mineCheckScripts([s]);
    expect(rest).toEqual([]);
    expect(item!.fact).toEqual({
      topic: "check-scripts",
      commands: ["python test_mix_simple.py", "python test_no_organ.py"],
      runs: 3,
      passed: 3,
    });
    expect(itemLine(item!)).toMatch(
      /^No test runner ran in this project's sessions: its checks are scripts named as tests, run by hand: `python test_mix_simple.py`, `python test_no_organ.py` \(passed 3 of 3 runs\) — in 1 session/,
    );
  });

  it("states nothing when the project has a test runner: its checks are its test command", () => {
    const s = session(1, [sh("python test_smoke.py"), sh("pytest -q")]);
    expect(mineCheckScripts([s])).toEqual([]);
  });

  it("states nothing for scripts whose name does not mark them as tests, nor for one outside the project", () => {
    expect(
      mineCheckScripts([
        session(1, [
          write("a.py"),
          sh("python quick_check.py"),
          sh("python contest.py"),
          sh("python latest_results.py"),
        ]),
      ]),
    ).toEqual([]);
    expect(mineCheckScripts([session(1, [write("a.py"), sh("python /tmp/test_probe.py")])])).toEqual([]);
  });
});
