import fc from "fast-check";
import { anyJsonValue, anyText } from "./json-inputs";

/**
 * Records shaped like the ones each parser reads, so the fuzz reaches the code behind format detection and
 * validation (random JSON almost never looks like a record): ACOS records that are plausible but for one or
 * two fields, and transcript lines whose every field may be plausible, extreme or arbitrary (transcripts are
 * read leniently, so an odd field does not stop the rest from being read).
 */

const extreme = fc.constantFrom<fc.JsonValue>(
  0,
  -1,
  -0.5,
  0.5,
  1,
  1.0000001,
  2 ** 53,
  8.64e15,
  8.64e15 + 1,
  1e21,
  1e300,
  1.7976931348623157e308,
  -1e308,
  "",
  " ",
  null,
  true,
  [],
  {},
);

/** A transcript field's value: plausible, extreme, or anything at all. */
const field = (plausible: fc.Arbitrary<fc.JsonValue>) =>
  fc.oneof(
    { weight: 3, arbitrary: plausible },
    { weight: 1, arbitrary: extreme },
    { weight: 1, arbitrary: anyJsonValue },
  );

const epochMs = fc.integer({ min: 0, max: 4_102_444_800_000 });
const isoTime = fc
  .date({ min: new Date(0), max: new Date(4_102_444_800_000), noInvalidDate: true })
  .map((d) => d.toISOString());
const anyIsoTime = fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
const time = fc.oneof(
  { weight: 3, arbitrary: isoTime },
  { weight: 3, arbitrary: epochMs },
  anyIsoTime,
  fc.stringMatching(/^\d{4}-\d{2}-\d{2}.{0,20}$/),
);
const fraction = fc.double({ min: 0, max: 1, noNaN: true });
const whole = fc.oneof(fc.nat(), fc.double({ noNaN: true }));
const tool = fc.constantFrom(
  "Read",
  "Edit",
  "Write",
  "Bash",
  "Grep",
  "Task",
  "MultiEdit",
  "NotebookEdit",
  "__proto__",
  "constructor",
  "",
);
const path = fc.oneof(fc.constantFrom("src/a.ts", "../../etc/passwd", "/abs/b.ts", "C:\\x\\y.ts", ""), anyText);

/**
 * A plausible record (the required fields present, the others or not) with one or two fields then set to an
 * extreme value, arbitrary JSON, or removed: a schema refuses a record for its first bad field, so mostly-valid
 * records are what reach the code after validation.
 */
function perturbed(
  fields: Record<string, fc.Arbitrary<fc.JsonValue>>,
  requiredKeys: string[],
): fc.Arbitrary<Record<string, fc.JsonValue>> {
  const keys = Object.keys(fields);
  const change = fc.record({
    key: fc.constantFrom(...keys),
    value: fc.option(fc.oneof(extreme, anyJsonValue), { freq: 4, nil: undefined }),
  });
  return fc.tuple(fc.record(fields, { requiredKeys }), fc.array(change, { maxLength: 2 })).map(([record, changes]) => {
    const out: Record<string, fc.JsonValue> = { ...record };
    for (const { key, value } of changes) {
      if (value === undefined) delete out[key];
      else out[key] = value;
    }
    return out;
  });
}

export const acosTrajectoryRecord: fc.Arbitrary<Record<string, fc.JsonValue>> = perturbed(
  {
    id: fc.oneof(fc.stringMatching(/^traj_\d{13}_[a-z0-9]{4}$/), fc.string({ minLength: 1 })),
    sessionId: anyText,
    source: fc.constantFrom("startup", "resume"),
    startedAt: time,
    completedAt: time,
    duration: epochMs,
    promptCount: fc.nat(),
    toolCount: fc.nat(),
    operationCount: fc.nat(),
    successScore: fraction,
    toolBreakdown: fc.dictionary(fc.oneof(tool, fc.string()), fc.nat(), { maxKeys: 6 }),
    filesModified: fc.array(path, { maxLength: 6 }),
    critique: anyText,
    type: fc.constantFrom("code_development", "auto", "", "testing"),
    task: anyText,
  },
  ["id", "successScore", "startedAt"],
);

export const acosPatternRecord: fc.Arbitrary<Record<string, fc.JsonValue>> = perturbed(
  {
    sequence: fc.array(tool, { minLength: 1, maxLength: 4 }).map((tools) => tools.join(" > ")),
    type: anyText,
    count: fc.integer({ min: 1, max: 10_000 }),
    avgSuccess: fraction,
    discoveredAt: time,
    lastSeen: time,
    isNgram: fc.boolean(),
  },
  ["sequence", "count", "avgSuccess"],
);

const block = fc.record(
  {
    type: field(fc.constantFrom("tool_use", "tool_result", "text", "thinking")),
    id: field(fc.constantFrom("t1", "t2", "t3")),
    tool_use_id: field(fc.constantFrom("t1", "t2", "t3")),
    name: field(tool),
    input: field(
      fc.record(
        { file_path: field(path), command: field(anyText), path: field(path), notebook_path: field(path) },
        { requiredKeys: [] },
      ),
    ),
    is_error: field(fc.boolean()),
    text: field(
      fc.oneof(
        anyText,
        fc.constantFrom("[Request interrupted by user]", "The user doesn't want to proceed with this tool use."),
      ),
    ),
    content: field(fc.oneof(anyText, fc.constant("The user doesn't want to take this action right now."))),
  },
  { requiredKeys: [] },
);

const usage = fc.record(
  {
    input_tokens: field(whole),
    output_tokens: field(whole),
    cache_read_input_tokens: field(whole),
    cache_creation_input_tokens: field(whole),
  },
  { requiredKeys: [] },
);

export const transcriptLine: fc.Arbitrary<Record<string, fc.JsonValue>> = fc.record(
  {
    type: field(fc.constantFrom("user", "assistant", "system", "summary", "progress")),
    uuid: field(fc.uuid()),
    parentUuid: field(fc.oneof(fc.constant(null), fc.uuid())),
    sessionId: field(fc.constantFrom("s1", "0b6d3f5e-1c2a-4c8e-9f00-5a1e2d3c4b5a")),
    agentId: field(fc.constantFrom("a1", "a2")),
    cwd: field(
      fc.oneof(fc.constantFrom("/Users/me/dev/app", "/src/app/.claude/worktrees/agent-1/web", "C:", "/", ""), anyText),
    ),
    timestamp: field(
      fc.oneof(
        isoTime,
        anyIsoTime,
        fc.constantFrom("+275760-09-13T00:00:00.000Z", "-271821-04-20T00:00:00.000Z"),
        anyText,
      ),
    ),
    isSidechain: field(fc.boolean()),
    isMeta: field(fc.boolean()),
    isCompactSummary: field(fc.boolean()),
    isApiErrorMessage: field(fc.boolean()),
    subtype: field(fc.constantFrom("api_error", "info")),
    gitBranch: field(anyText),
    version: field(fc.constantFrom("2.1.0", "1.0.0")),
    requestId: field(fc.constantFrom("r1", "r2")),
    message: field(
      fc.record(
        {
          id: field(fc.constantFrom("m1", "m2", "m3")),
          role: field(fc.constantFrom("user", "assistant")),
          model: field(fc.constantFrom("claude-opus-4", "<synthetic>")),
          usage: field(usage),
          content: field(fc.oneof(anyText, fc.array(block, { maxLength: 4 }))),
        },
        { requiredKeys: [] },
      ),
    ),
  },
  { requiredKeys: [] },
);
