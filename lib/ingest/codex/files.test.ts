import { describe, expect, it } from "vitest";
import { isRolloutPath, rolloutIdFromName } from "@/lib/ingest/codex/files";

const ID = "0199a213-81c0-7800-8aa1-bbab2a035a53";

describe("rollout files under ~/.codex/sessions", () => {
  it("names rollouts and nothing else", () => {
    expect(isRolloutPath(`2025/10/03/rollout-2025-10-03T10-00-00-${ID}.jsonl`)).toBe(true);
    expect(isRolloutPath(`sessions\\2025\\10\\03\\rollout-x.jsonl`)).toBe(true);
    expect(isRolloutPath("2025/10/03/notes.jsonl")).toBe(false);
    expect(isRolloutPath("2025/10/03/rollout-x.json")).toBe(false);
    expect(isRolloutPath(".trash/rollout-x.jsonl")).toBe(false);
    expect(isRolloutPath("history.jsonl")).toBe(false);
  });

  it("reads the session id a rollout's name ends with", () => {
    expect(rolloutIdFromName(`2025/10/03/rollout-2025-10-03T10-00-00-${ID.toUpperCase()}.jsonl`)).toBe(ID);
    expect(rolloutIdFromName("rollout-2025-10-03T10-00-00.jsonl")).toBeNull();
    expect(rolloutIdFromName(`${ID}.jsonl`)).toBeNull();
    expect(rolloutIdFromName(undefined)).toBeNull();
  });
});
