import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseFile } from "@/lib/ingest/parse-file";

const nothing = {
  sessions: [],
  patterns: [],
  transcript: null,
  rollout: null,
  agentMeta: null,
  workflow: null,
  hookEvent: null,
};
const fixture = (name: string) => readFileSync(path.resolve(__dirname, "../../test/fixtures/acos", name));

describe("parseFile: ACOS trajectory files", () => {
  it("reads a single Stop-hook file (bytes) into one canonical session", () => {
    const parsed = parseFile(fixture("code_development_traj_1790812832410_ab12.json"));
    expect(parsed).toMatchObject({ format: "acos-trajectories", patterns: [], rejected: 0, errors: [] });
    expect(parsed.sessions).toHaveLength(1);
    expect(parsed.sessions[0]).toMatchObject({
      externalId: "traj_1790812832410_ab12",
      domain: "code_development",
      operationCount: 14,
    });
  });

  it("reads JSONL, keeping good lines and naming the line and field of each bad one", () => {
    const parsed = parseFile(fixture("trajectories.jsonl"));
    expect(parsed.format).toBe("acos-trajectories");
    expect(parsed.sessions.map((t) => t.externalId)).toEqual(["traj_1790900000000_aa01", "traj_1790901200000_aa03"]);
    expect(parsed.sessions[0]?.domain).toBe("content_creation");
    expect(parsed.rejected).toBe(3);
    expect(parsed.errors).toEqual([
      { line: 2, field: "successScore", message: "expected a number, got string" },
      { line: 5, field: "successScore", message: "must be between 0 and 1" },
      { line: 6, field: null, message: expect.stringMatching(/^invalid JSON at column \d+: unexpected end of input$/) },
    ]);
  });

  it("reads a JSON array, naming the line where each bad element starts", () => {
    const parsed = parseFile(fixture("trajectories-array.json"));
    expect(parsed.sessions.map((t) => t.externalId)).toEqual(["traj_1790910000000_bb01", "traj_1790920000000_bb03"]);
    expect(parsed.sessions[1]?.startedAt).toBe(1790920300000);
    expect(parsed.errors).toEqual([{ line: 12, field: "id", message: "must not be empty (and 1 more problem)" }]);
    expect(parsed.rejected).toBe(1);
  });

  it("refuses _active.json as a session still in progress", () => {
    expect(parseFile(fixture("_active.json"))).toEqual({
      format: "acos-trajectories",
      sessions: [],
      patterns: [],
      transcript: null,
      rollout: null,
      agentMeta: null,
      workflow: null,
      hookEvent: null,
      rejected: 1,
      errors: [
        {
          line: 1,
          field: "completedAt",
          message: "session still in progress (_active.json); it is imported once it completes",
        },
      ],
      errorCount: 1,
    });
  });

  it("accepts a BOM and CRLF line endings, from bytes or text alike", () => {
    const text = "\uFEFF" + fixture("trajectories.jsonl").toString("utf8").replaceAll("\n", "\r\n");
    const fromText = parseFile(text);
    expect(fromText.sessions).toHaveLength(2);
    expect(fromText.errors.map((e) => e.line)).toEqual([2, 5, 6]);
    expect(parseFile(new TextEncoder().encode(text))).toEqual(fromText);
  });
});

describe("parseFile: secrets", () => {
  it("redacts every record before reading it, so neither the session nor its raw record keeps a secret", () => {
    const record = JSON.parse(fixture("code_development_traj_1790812832410_ab12.json").toString("utf8"));
    const token = "ghp_R8xk2Lm9Qp4Zt7Vw1Yb3Nc6Hd5Fg0Js2Ka9P";
    const parsed = parseFile(JSON.stringify({ ...record, task: `push with ${token}`, critique: "ok" }));
    const [t] = parsed.sessions;
    expect(t?.task).toBe("push with [REDACTED:github-token]");
    expect(JSON.stringify(t)).not.toContain(token);
  });
});

describe("parseFile: ACOS patterns", () => {
  it("reads a patterns.json array", () => {
    const parsed = parseFile(fixture("patterns.json"));
    expect(parsed.format).toBe("acos-patterns");
    expect(parsed.patterns.map((p) => p.sequence)).toEqual(["Read > Edit > Bash", "Bash > Read > Bash"]);
    expect(parsed.errors).toEqual([{ line: 4, field: "count", message: "must be 1 or more" }]);
  });

  it("reads the {top_patterns: [...]} form with element lines", () => {
    const parsed = parseFile(fixture("patterns-top.json"));
    expect(parsed.format).toBe("acos-patterns");
    expect(parsed.patterns).toHaveLength(1);
    expect(parsed.errors).toEqual([{ line: 4, field: "avgSuccess", message: "must be between 0 and 1" }]);
    expect(parseFile('{"top_patterns": []}')).toEqual({
      format: "acos-patterns",
      ...nothing,
      rejected: 0,
      errors: [],
      errorCount: 0,
    });
  });
});

describe("parseFile: whole-file problems count one rejection with a clear message", () => {
  const whole = (content: string | Uint8Array) => {
    const parsed = parseFile(content);
    expect(parsed.rejected).toBe(1);
    expect(parsed.errors).toHaveLength(1);
    expect(parsed.sessions).toEqual([]);
    return parsed.errors[0];
  };

  it("binary content", () => {
    expect(whole(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toEqual({
      line: null,
      field: null,
      message: "binary file, expected JSON or JSONL",
    });
  });

  it("truncated JSON, with line and column", () => {
    const text = fixture("code_development_traj_1790812832410_ab12.json").toString("utf8");
    const error = whole(text.slice(0, text.indexOf('"successScore"') + 5));
    expect(error).toEqual({
      line: 14,
      field: null,
      message: "invalid JSON at line 14, column 8: unexpected end of input",
    });
  });

  it("valid JSON of the wrong shape", () => {
    expect(whole('{"hello": 1}')).toMatchObject({
      line: 1,
      field: null,
      message: expect.stringMatching(/^expected ACOS trajectories.*found an object with keys hello$/),
    });
    expect(whole("[1, 2]")).toMatchObject({
      line: 1,
      message: expect.stringMatching(/^expected .*found an array whose first element is a number$/),
    });
    expect(whole('"just text"')).toMatchObject({ message: expect.stringMatching(/found a string$/) });
  });
});

describe("parseFile: an empty file", () => {
  const EMPTY = {
    format: "empty",
    sessions: [],
    patterns: [],
    transcript: null,
    rollout: null,
    agentMeta: null,
    workflow: null,
    hookEvent: null,
    rejected: 0,
    errors: [],
    errorCount: 0,
  };
  const names = [
    undefined,
    "empty.json",
    "notes.jsonl",
    "-Users-x/0a1b2c3d-0000-4000-8000-000000000000.jsonl",
    "-Users-x/agent-a1.jsonl",
    "s/subagents/agent-a1.meta.json",
  ];

  it("is empty, not rejected, whatever its name and whether it holds only whitespace or a byte-order mark", () => {
    for (const name of names) {
      for (const content of ["", "\n  \n", "\uFEFF", new Uint8Array(), new TextEncoder().encode(" \r\n\t")])
        expect(parseFile(content, name), String(name)).toEqual(EMPTY);
    }
  });

  it("is not a JSON array without elements, which is read: no records, of no format it can tell", () => {
    expect(parseFile("[]", "empty.json")).toMatchObject({ format: "unknown", rejected: 0 });
  });
});

describe("parseFile: records nested too deeply (found by fuzzing: they overflowed the stack, a 500 through the API)", () => {
  const deep = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

  it("refuses each such record at its line and keeps the others", () => {
    const good = '{"id":"traj_1","successScore":0.5,"startedAt":1}';
    const parsed = parseFile(
      `${good}\n{"id":"traj_deep","successScore":0.5,"startedAt":1,"task":${deep(20_000)}}\n`,
      "t.jsonl",
    );
    expect(parsed.sessions.map((t) => t.externalId)).toEqual(["traj_1"]);
    expect(parsed.errors).toEqual([{ line: 2, field: null, message: "nested more than 256 levels deep" }]);
  });

  it("refuses a whole file that is one such value, naming why rather than its shape", () => {
    expect(parseFile(deep(20_000), "deep.json")).toEqual({
      format: "unknown",
      ...nothing,
      rejected: 1,
      errors: [{ line: 1, field: null, message: "nested more than 256 levels deep" }],
      errorCount: 1,
    });
  });
});

describe("parseFile: nothing to import", () => {
  it("an empty array is not an error", () => {
    expect(parseFile("[]")).toEqual({ format: "unknown", ...nothing, rejected: 0, errors: [], errorCount: 0 });
  });
});
