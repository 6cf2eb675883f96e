import { describe, expect, it } from "vitest";
import {
  cut,
  identifierErrors,
  MAX_IDENTIFIER,
  MAX_MODEL_NAME,
  MAX_TOOL_NAME,
  refuseLongIdentifiers,
  shortNames,
} from "@/lib/ingest/identifier-limits";
import { identifier } from "@/lib/ingest/schema-fields";
import { parseFile } from "@/lib/ingest/parse-file";
import { generateAcosTrajectories } from "@/test/factories/generate/acos";

const long = (n: number) => "語".repeat(n);

describe("cut", () => {
  it("keeps a short text, cuts a long one at the limit, never inside a character", () => {
    expect(cut("Edit", 64)).toBe("Edit");
    expect(cut(long(100), 64)).toBe(long(64));
    // "a" then 4-byte characters (two UTF-16 units each): unit 64 would be the first half of one.
    expect(cut(`a${"🚀".repeat(40)}`, 64)).toBe(`a${"🚀".repeat(31)}`);
  });
});

describe("identifier()", () => {
  it("takes an id of MAX_IDENTIFIER characters and refuses a longer one with its length", () => {
    expect(identifier().safeParse(long(MAX_IDENTIFIER)).success).toBe(true);
    const refused = identifier().safeParse(long(3_000));
    expect(refused.error?.issues[0]?.message).toBe("must be at most 200 characters, got 3,000");
  });
});

describe("refuseLongIdentifiers", () => {
  it("refuses a transcript whose session id is too long, naming the field, and keeps nothing of it", () => {
    const line = {
      type: "user",
      sessionId: long(5_000),
      uuid: "u1",
      timestamp: "2026-07-01T09:00:00Z",
      cwd: "/home/dev/app",
      message: { role: "user", content: "hi" },
    };
    const parsed = parseFile(JSON.stringify(line), "-home-dev-app/s.jsonl");
    expect(parsed.transcript).toBeNull();
    expect(parsed.rejected).toBe(1);
    expect(parsed.errors[0]).toEqual({
      line: null,
      field: "sessionId",
      message: "must be at most 200 characters, got 5,000",
    });
  });

  it("refuses an ACOS record with a long id on its own line, and stores the others", () => {
    const [good, bad] = generateAcosTrajectories({ seed: 1, count: 2, idPrefix: "limit" });
    const parsed = parseFile(
      [good, { ...bad, id: long(3_000) }].map((r) => JSON.stringify(r)).join("\n"),
      "trajectories.jsonl",
    );
    expect(parsed.sessions).toHaveLength(1);
    expect(parsed.errors[0]).toMatchObject({ line: 2, field: "id" });
  });

  it("leaves a file with ids in bounds as it was", () => {
    const [record] = generateAcosTrajectories({ seed: 2, count: 1, idPrefix: "fine" });
    const parsed = parseFile(JSON.stringify(record), "trajectory.json");
    expect(identifierErrors(parsed)).toEqual([]);
    expect(refuseLongIdentifiers(parsed)).toBe(parsed);
  });
});

describe("shortNames", () => {
  it("cuts tool and model names, summing the counts of names cut alike", () => {
    const [record] = generateAcosTrajectories({ seed: 3, count: 1, idPrefix: "names" });
    const t = parseFile(
      JSON.stringify({ ...record, toolBreakdown: { [`${long(70)}a`]: 2, [`${long(70)}b`]: 3, Edit: 1 } }),
      "trajectory.json",
    ).sessions[0]!;
    const model = long(300);
    const named = shortNames({
      ...t,
      models: [model, `${model}x`],
      tokensByModel: {
        [model]: { input: 1, output: 2, cacheRead: 0, cacheCreation: 0, reasoning: 0, cacheCreationHour: 0 },
        [`${model}x`]: { input: 10, output: 20, cacheRead: 0, cacheCreation: 0, reasoning: 0, cacheCreationHour: 0 },
      },
    });
    expect(named.toolBreakdown).toEqual({ [long(MAX_TOOL_NAME)]: 5, Edit: 1 });
    expect(named.models).toEqual([long(MAX_MODEL_NAME)]);
    expect(named.tokensByModel[long(MAX_MODEL_NAME)]).toMatchObject({ input: 11, output: 22 });
  });
});
