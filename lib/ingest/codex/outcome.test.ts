import { describe, expect, it } from "vitest";
import { readCallOutput } from "@/lib/ingest/codex/outcome";

describe("a Codex call's output", () => {
  it("reads the exit code each shell tool writes", () => {
    expect(readCallOutput("Exit code: 1\nWall time: 0.2 seconds\nOutput:\nFAIL").exitCode).toBe(1);
    expect(
      readCallOutput("Chunk ID: 9\nWall time: 1 seconds\nProcess exited with code 127\nOutput:\nnot found").exitCode,
    ).toBe(127);
    const json = readCallOutput(JSON.stringify({ output: "boom", metadata: { exit_code: 2, duration_seconds: 0.1 } }));
    expect(json).toMatchObject({ exitCode: 2, text: "Exit code: 2\nboom" });
    expect(readCallOutput("L1: const x = 'Exit code: 3'").exitCode).toBeNull();
    expect(readCallOutput("{not json").exitCode).toBeNull();
  });

  it("reads the array and object forms, a success flag and a refusal", () => {
    expect(readCallOutput([{ type: "input_text", text: "a" }, { type: "input_text", text: "b" }, 3]).text).toBe("a\nb");
    expect(readCallOutput({ content: "nope", success: false })).toMatchObject({ text: "nope", failed: true });
    expect(readCallOutput("exec command rejected by user").rejected).toBe(true);
    expect(readCallOutput(null)).toEqual({ text: "", exitCode: null, failed: false, rejected: false });
  });
});
