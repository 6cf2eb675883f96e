import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assembleSession } from "@/lib/ingest/claude-code/assemble";
import { readTranscriptName } from "@/lib/ingest/claude-code/file-name";
import { readAgentMeta, readTranscript } from "@/lib/ingest/claude-code/transcript-file";
import type { AgentMeta } from "@/lib/ingest/types";
import { anyJsonValue, anyText, fileName } from "@/test/fuzz/json-inputs";
import { expectRecordError } from "@/test/fuzz/parsed-file-contract";
import { transcriptLine } from "@/test/fuzz/record-inputs";
import { fuzzRuns } from "@/test/fuzz/settings";
import { sessionContract } from "@/test/fuzz/session-contract";

const lines = fc.array(fc.oneof({ weight: 6, arbitrary: transcriptLine }, { weight: 1, arbitrary: anyJsonValue }), {
  maxLength: 25,
});
const located = (values: readonly unknown[]) => values.map((value, i) => ({ line: i + 1, value }));

describe("Claude Code transcript files, fuzzed", { timeout: 60_000 }, () => {
  it("read any lines, and assemble every session they name into a session that keeps the contract", () => {
    let assembled = 0;
    fc.assert(
      fc.property(
        lines,
        fc.array(lines, { maxLength: 3 }),
        fc.array(anyJsonValue, { maxLength: 3 }),
        fileName,
        (main, agents, metaValues, name) => {
          const { transcript, errors } = readTranscript(located(main), [], readTranscriptName(name));
          for (const error of errors) expectRecordError(error, main.length);
          expect(transcript.lineCount).toBe(main.length);
          expect(transcript.records.length + errors.length).toBeLessThanOrEqual(main.length);
          const agentFiles = agents.map(
            (values, i) =>
              readTranscript(located(values), [], readTranscriptName(`-app/s1/subagents/agent-a${i}.jsonl`)).transcript,
          );
          const metas = metaValues.flatMap((value, i): AgentMeta[] => {
            const meta = readAgentMeta(value, 1, readTranscriptName(`-app/s1/subagents/agent-a${i}.meta.json`));
            return meta.ok ? [meta.meta] : [];
          });
          // As ingest does: a file that names no session, or holds no conversation lines, is not assembled.
          if (!transcript.sessionId || transcript.records.length === 0) return;
          sessionContract.parse(assembleSession(transcript, agentFiles, metas));
          assembled++;
        },
      ),
      fuzzRuns(300),
    );
    expect(assembled).toBeGreaterThan(0);
  });

  it("read any meta file under any name, or say it needs its agent-<id>.meta.json name", () => {
    fc.assert(
      fc.property(
        anyJsonValue,
        fc.oneof(fileName, anyText),
        fc.integer({ min: 1, max: 1_000 }),
        (value, name, line) => {
          const meta = readAgentMeta(value, line, readTranscriptName(name));
          if (!meta.ok) return expectRecordError(meta.error, line);
          expect(meta.meta.agentId).not.toBe("");
        },
      ),
      fuzzRuns(500),
    );
  });

  it("read what any file name says about its session", () => {
    fc.assert(
      fc.property(fc.oneof(fileName, anyText), (name) => {
        const read = readTranscriptName(name);
        if (read.kind === "session") expect(read.sessionId).not.toBeNull();
        if (read.kind === "agent" || read.kind === "agent-meta") expect(read.agentId).toBeTruthy();
        if (read.kind === null) expect(read.sessionId === null && read.agentId === null).toBe(true);
      }),
      fuzzRuns(1000),
    );
  });
});
