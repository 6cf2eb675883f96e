import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assembleSession } from "@/lib/ingest/claude-code/assemble";
import { parseFile, type AgentMeta, type TranscriptFile } from "@/lib/ingest/parse-file";
import { redactDeep } from "@/lib/redact";
import { ACOS_FIXTURES, CLAUDE_FIXTURES, mutatedFixture, mutatedSession } from "@/test/fuzz/fixture-inputs";
import { anyText, fileName, jsonDocument, jsonLines, nestedJson, nesting } from "@/test/fuzz/json-inputs";
import { expectWellFormed } from "@/test/fuzz/parsed-file-contract";
import { fuzzRuns } from "@/test/fuzz/settings";
import { sessionContract } from "@/test/fuzz/session-contract";

/** parseFile never throws: whatever the bytes, it answers what it read and one located error per record it could not. */
function parsesWellFormed(content: Uint8Array | string, name: string | null): void {
  expectWellFormed(parseFile(content, name ?? undefined), content);
}

const maybeName = fc.option(fileName, { freq: 2 });

describe("parseFile, fuzzed", { timeout: 60_000 }, () => {
  it("reads arbitrary bytes", () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 2048 }), maybeName, parsesWellFormed), fuzzRuns(300));
  });

  it("reads arbitrary text", () => {
    fc.assert(fc.property(anyText, maybeName, parsesWellFormed), fuzzRuns(300));
  });

  it("reads arbitrary JSON documents", () => {
    fc.assert(fc.property(jsonDocument, maybeName, parsesWellFormed), fuzzRuns(300));
  });

  it("reads JSONL of arbitrary values, named .jsonl or not", () => {
    const name = fc.oneof(
      fc.constant("lines.jsonl"),
      fc.constant("-Users-me-app/0b6d3f5e-1c2a-4c8e-9f00-5a1e2d3c4b5a.jsonl"),
      fileName,
    );
    fc.assert(fc.property(jsonLines, fc.option(name), parsesWellFormed), fuzzRuns(300));
  });

  it("reads JSON nested thousands of levels deep", () => {
    fc.assert(
      fc.property(nesting, fc.constantFrom("deep.json", "deep.jsonl"), (n, name) =>
        parsesWellFormed(nestedJson(n), name),
      ),
      fuzzRuns(40),
    );
  });

  it("reads mutated ACOS trajectory and pattern files", () => {
    fc.assert(
      fc.property(mutatedFixture(ACOS_FIXTURES), ({ name, content }) => parsesWellFormed(content, name)),
      fuzzRuns(400),
    );
  });

  it("reads mutated Claude Code transcripts and sub-agent meta files", () => {
    fc.assert(
      fc.property(mutatedFixture(CLAUDE_FIXTURES), ({ name, content }) => parsesWellFormed(content, name)),
      fuzzRuns(250),
    );
  });

  it("stores a transcript so that it reads back as the same redacted file, and nothing redaction would change", () => {
    fc.assert(
      fc.property(mutatedFixture(CLAUDE_FIXTURES), ({ name, content }) => {
        const transcript = parseFile(content, name).transcript;
        if (!transcript) return;
        const stored = parseFile(transcript.content, name);
        if (transcript.records.length > 0) expect(stored.transcript?.records).toEqual(transcript.records);
        expect(stored.errors).toEqual([]);
        const text =
          typeof transcript.content === "string"
            ? transcript.content
            : Buffer.from(transcript.content).toString("utf8");
        for (const line of text.split("\n")) {
          if (line.trim() === "") continue;
          const record = JSON.parse(line) as unknown;
          expect(redactDeep(record)).toBe(record);
        }
      }),
      fuzzRuns(250),
    );
  });

  it("assembles every mutated session it reads into a session that keeps the contract", () => {
    let assembled = 0;
    fc.assert(
      fc.property(mutatedSession(), (files) => {
        let main: TranscriptFile | null = null;
        const agents: TranscriptFile[] = [];
        const metas: AgentMeta[] = [];
        for (const file of files) {
          const parsed = parseFile(file.content, file.name);
          expectWellFormed(parsed, file.content);
          if (parsed.agentMeta) metas.push(parsed.agentMeta);
          if (!parsed.transcript) continue;
          if (file.name.includes("/subagents/")) agents.push(parsed.transcript);
          else main = parsed.transcript;
        }
        // As ingest does: a main file that names no session, or holds no conversation lines, is not assembled.
        if (!main?.sessionId || main.records.length === 0) return;
        sessionContract.parse(assembleSession(main, agents, metas));
        assembled++;
      }),
      fuzzRuns(30),
    );
    expect(assembled).toBeGreaterThan(0);
  });
});
