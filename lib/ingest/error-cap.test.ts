import { describe, expect, it } from "vitest";
import { generateAcosTrajectories, toJsonl } from "@/test/factories/generate/acos";
import { parseFile } from "./parse-file";
import { ERRORS_LISTED } from "./types";

describe("a file's errors", () => {
  it("are listed up to ERRORS_LISTED, the first by line, and counted in full", () => {
    const good = toJsonl(generateAcosTrajectories({ seed: 3, count: 1, idPrefix: "cap" }));
    const parsed = parseFile(Buffer.from(good + "{}\n".repeat(5_000)), "trajectories.jsonl");
    expect(parsed.format).toBe("acos-trajectories");
    expect(parsed.sessions).toHaveLength(1);
    expect(parsed.rejected).toBe(5_000);
    expect(parsed.errorCount).toBe(5_000);
    expect(parsed.errors).toHaveLength(ERRORS_LISTED);
    expect(parsed.errors.map((e) => e.line)).toEqual(Array.from({ length: ERRORS_LISTED }, (_, i) => i + 2));
  });

  it("are all listed when there are few", () => {
    const parsed = parseFile(Buffer.from('{"successScore": "high"}\n'), "trajectories.jsonl");
    expect(parsed.errorCount).toBe(parsed.errors.length);
    expect(parsed.errors.length).toBeGreaterThan(0);
  });
});
