import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateGeminiSessions } from "@/test/factories/generate/gemini";
import { parseFile } from "@/lib/ingest/parse-file";
import { anyJsonValue } from "@/test/fuzz/json-inputs";
import { expectWellFormed } from "@/test/fuzz/parsed-file-contract";
import { fuzzRuns } from "@/test/fuzz/settings";

const [sample] = generateGeminiSessions({ seed: 5, count: 1 });
const sampleLines = sample!.content.trimEnd().split("\n");

/** A session's own lines, some replaced by arbitrary JSON, some with one field changed, some dropped. */
const perturbedSession = fc
  .array(
    fc.record({
      at: fc.nat(sampleLines.length - 1),
      key: fc.constantFrom(
        "id",
        "type",
        "toolCalls",
        "tokens",
        "$rewindTo",
        "$set",
        "sessionId",
        "content",
        "timestamp",
      ),
      value: anyJsonValue,
      drop: fc.boolean(),
    }),
    { maxLength: 6 },
  )
  .map((changes) => {
    const lines = sampleLines.map((l) => JSON.parse(l) as Record<string, unknown>);
    for (const { at, key, value, drop } of changes) {
      const line = lines[at]!;
      if (drop) delete line[key];
      else line[key] = value;
    }
    return lines.map((l) => JSON.stringify(l)).join("\n");
  });

describe("Gemini CLI session files, fuzzed", { timeout: 60_000 }, () => {
  it("read any changed session into at most one session that keeps the contract, naming each bad record's line", () => {
    let sessions = 0;
    fc.assert(
      fc.property(perturbedSession, (content) => {
        const parsed = parseFile(content, "shop/chats/session-x.jsonl");
        expectWellFormed(parsed, content);
        sessions += parsed.sessions.length;
      }),
      fuzzRuns(300),
    );
    expect(sessions).toBeGreaterThan(0);
  });

  it("read arbitrary lines after a session's metadata line without throwing", () => {
    fc.assert(
      fc.property(fc.array(anyJsonValue, { maxLength: 20 }), (values) => {
        const content = [sampleLines[0], ...values.map((v) => JSON.stringify(v))].join("\n");
        expectWellFormed(parseFile(content, "x/chats/session-y.jsonl"), content);
      }),
      fuzzRuns(300),
    );
  });
});
