import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseFile } from "@/lib/ingest/parse-file";
import { readFound } from "@/lib/walk/files";
import { opencode } from "@/lib/walk/opencode";
import { anyJsonValue } from "@/test/fuzz/json-inputs";
import { expectWellFormed } from "@/test/fuzz/parsed-file-contract";
import { fuzzRuns } from "@/test/fuzz/settings";

type Doc = {
  info: Record<string, unknown>;
  messages: { info: Record<string, unknown>; parts: Record<string, unknown>[] }[];
  children?: Doc[];
};

/** The fixture's largest session, as the walker builds it. */
async function sample(): Promise<Doc> {
  const found = await opencode.find("test/fixtures/opencode");
  const group = found!.groups.find((g) => g.subagents > 0)!;
  return JSON.parse(Buffer.from(await readFound(group.files[0]!)).toString("utf8")) as Doc;
}

const KEYS = [
  "id",
  "role",
  "time",
  "modelID",
  "tokens",
  "error",
  "type",
  "tool",
  "state",
  "text",
  "synthetic",
  "parentID",
  "directory",
];

describe("OpenCode session documents, fuzzed", { timeout: 60_000 }, () => {
  it("read any changed session into at most one session that keeps the contract, naming each bad field", async () => {
    const doc = await sample();
    const changes = fc.array(
      fc.record({
        message: fc.nat(20),
        part: fc.option(fc.nat(10)),
        key: fc.constantFrom(...KEYS),
        value: anyJsonValue,
        drop: fc.boolean(),
      }),
      { maxLength: 6 },
    );
    let sessions = 0;
    fc.assert(
      fc.property(changes, (list) => {
        const copy = structuredClone(doc);
        for (const { message, part, key, value, drop } of list) {
          const m = copy.messages[message % copy.messages.length]!;
          const target =
            part === null || m.parts.length === 0
              ? message % 5 === 0
                ? copy.info
                : m.info
              : m.parts[part % m.parts.length]!;
          if (drop) delete target[key];
          else target[key] = value;
        }
        const content = JSON.stringify(copy);
        const parsed = parseFile(content, "session/p/ses_x.json");
        expectWellFormed(parsed, content);
        sessions += parsed.sessions.length;
      }),
      fuzzRuns(300),
    );
    expect(sessions).toBeGreaterThan(0);
  });

  it("read arbitrary messages and children without throwing", () => {
    fc.assert(
      fc.property(
        fc.array(anyJsonValue, { maxLength: 10 }),
        fc.array(anyJsonValue, { maxLength: 3 }),
        (messages, children) => {
          const content = JSON.stringify({
            info: { id: "ses_fuzz", projectID: "p" },
            messages,
            children: [...children, { info: { id: "", projectID: "p" }, messages }],
          });
          expectWellFormed(parseFile(content, "session/p/ses_fuzz.json"), content);
        },
      ),
      fuzzRuns(300),
    );
  });
});
