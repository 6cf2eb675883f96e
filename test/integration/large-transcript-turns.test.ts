import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { getProjectBySlug } from "@/db/queries/projects";
import { saveTranscriptPart } from "@/db/queries/transcripts";
import { memoryFile } from "@/lib/ingest/named-file";
import { reportRun, startAblation } from "@/lib/server/ablation";
import { ingestFiles } from "@/lib/server/ingest";
import { transcript } from "@/test/factories/transcript";
import { turnsDuring } from "./support/event-loop";

// A large transcript is hashed, compressed and parsed with the event loop let run between pieces of the work, so
// other requests are answered meanwhile: the work itself must give the loop its turns (the bench measures how long).

const SESSION = "00000000-0000-4000-8000-00000000a001";

/** A transcript of about `mb` megabytes: tool results of 200 KB each. */
function largeTranscript(sessionId: string, mb: number): Buffer {
  const result = "r".repeat(200 * 1024);
  const lines = transcript(
    sessionId,
    Array.from({ length: mb * 5 }, () => "Read"),
    { cwd: "/home/dev/large" },
  ).split("\n");
  return Buffer.from(lines.map((l) => l.replace('"content":"ok"', `"content":"${result}"`)).join("\n"));
}

describe("storing a large transcript", () => {
  it("hashes and compresses a 20 MB part with turns of the event loop between", async () => {
    await ingestFiles(
      getDb(),
      [
        memoryFile(
          `-home-dev-large/${SESSION}.jsonl`,
          Buffer.from(transcript(SESSION, ["Read"], { cwd: "/home/dev/large" })),
        ),
      ],
      "large",
      async () => true,
    );
    const project = (await getProjectBySlug(getDb(), "large"))!;
    const content = largeTranscript(SESSION, 20);
    const { turns, result } = await turnsDuring(() =>
      saveTranscriptPart(getDb(), {
        projectId: project.id,
        sessionId: SESSION,
        part: "",
        name: "big.jsonl",
        content,
        lineCount: 201,
      }),
    );
    expect(result).toBe("changed");
    expect(turns).toBeGreaterThan(0);
  });

  it("finds the same text the same, given as text or as bytes, with a character of two halves across a piece's end", async () => {
    const project = (await getProjectBySlug(getDb(), "large"))!;
    const text = "a".repeat(4 * 1024 * 1024 - 1) + "😀" + "b".repeat(10);
    const part = (content: string | Uint8Array) =>
      saveTranscriptPart(getDb(), {
        projectId: project.id,
        sessionId: SESSION,
        part: "agent-pieces",
        name: "pieces.jsonl",
        content,
        lineCount: 1,
      });
    expect(await part(text)).toBe("new");
    expect(await part(Buffer.from(text))).toBe("same");
  });
});

describe("an ablation run with a large transcript", () => {
  it("is parsed with turns of the event loop between its steps", async () => {
    const project = (await getProjectBySlug(getDb(), "large"))!;
    const started = await startAblation(
      getDb(),
      project,
      {
        suite: "suite",
        agent: "agent",
        tasks: ["t1"],
        arms: ["guidance", "none"],
        runs: 1,
        seed: 1,
        format: "markdown",
      },
      "tester",
    );
    const run = {
      task: "t1",
      arm: "none" as const,
      run: 1,
      status: "completed" as const,
      setup: null,
      agent: null,
      check: null,
      detail: null,
    };
    const file = memoryFile(`-home-dev-large/${SESSION}.jsonl`, largeTranscript(SESSION, 20));
    const { turns } = await turnsDuring(() => reportRun(getDb(), project, started.id, run, [file]));
    expect(turns).toBeGreaterThan(0);
  });
});
