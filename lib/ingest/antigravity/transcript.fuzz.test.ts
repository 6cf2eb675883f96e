import fs from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseFile } from "@/lib/ingest/parse-file";
import { anyJsonValue } from "@/test/fuzz/json-inputs";
import { expectWellFormed } from "@/test/fuzz/parsed-file-contract";
import { fuzzRuns } from "@/test/fuzz/settings";

const NAME = "brain/0b6c1f4e-2d3a-4c5b-9e8f-7a6b5c4d3e21/.system_generated/logs/transcript_full.jsonl";
const sampleLines = fs.readFileSync(`test/fixtures/antigravity/antigravity-cli/${NAME}`, "utf8").trimEnd().split("\n");

/** The fixture's steps, some replaced by arbitrary JSON, some with one field changed, some with it dropped. */
const perturbed = fc
  .array(
    fc.record({
      at: fc.nat(sampleLines.length - 1),
      key: fc.constantFrom("step_index", "source", "type", "status", "created_at", "content", "tool_calls"),
      value: anyJsonValue,
      drop: fc.boolean(),
    }),
    { maxLength: 6 },
  )
  .map((changes) => {
    const lines = sampleLines.map((l) => JSON.parse(l) as Record<string, unknown>);
    for (const { at, key, value, drop } of changes) {
      if (drop) delete lines[at]![key];
      else lines[at]![key] = value;
    }
    return lines.map((l) => JSON.stringify(l)).join("\n");
  });

describe("Antigravity CLI transcripts, fuzzed", { timeout: 60_000 }, () => {
  it("read any changed transcript into at most one session that keeps the contract, naming each bad step's line", () => {
    let sessions = 0;
    fc.assert(
      fc.property(perturbed, (content) => {
        const parsed = parseFile(content, NAME);
        expectWellFormed(parsed, content);
        sessions += parsed.sessions.length;
      }),
      fuzzRuns(300),
    );
    expect(sessions).toBeGreaterThan(0);
  });

  it("read arbitrary lines after a transcript's first step without throwing", () => {
    fc.assert(
      fc.property(fc.array(anyJsonValue, { maxLength: 20 }), (values) => {
        const content = [sampleLines[0], ...values.map((v) => JSON.stringify(v))].join("\n");
        expectWellFormed(parseFile(content, NAME), content);
      }),
      fuzzRuns(300),
    );
  });

  it("read any conversation document, its steps and children arbitrary, without throwing", () => {
    const conversation = fc.record({
      antigravityConversation: fc.string(),
      steps: fc.array(fc.oneof(anyJsonValue, fc.constantFrom(...sampleLines.map((l) => JSON.parse(l) as unknown))), {
        maxLength: 8,
      }),
    });
    fc.assert(
      fc.property(conversation, fc.array(fc.oneof(conversation, anyJsonValue), { maxLength: 3 }), (doc, children) => {
        const content = JSON.stringify({ ...doc, children });
        expectWellFormed(parseFile(content, "kept.json"), content);
      }),
      fuzzRuns(300),
    );
  });
});
