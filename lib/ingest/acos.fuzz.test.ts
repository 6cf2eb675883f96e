import fc from "fast-check";
import { describe, it } from "vitest";
import { parseAcosTrajectory } from "@/lib/ingest/acos";
import { anyJsonValue } from "@/test/fuzz/json-inputs";
import { expectRecordError } from "@/test/fuzz/parsed-file-contract";
import { acosTrajectoryRecord } from "@/test/fuzz/record-inputs";
import { fuzzRuns } from "@/test/fuzz/settings";
import { sessionContract } from "@/test/fuzz/session-contract";

describe("parseAcosTrajectory, fuzzed", { timeout: 60_000 }, () => {
  it("answers a session that keeps the contract, or an error at the record's line", () => {
    fc.assert(
      fc.property(
        fc.oneof({ weight: 4, arbitrary: acosTrajectoryRecord }, { weight: 1, arbitrary: anyJsonValue }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (value, line) => {
          const result = parseAcosTrajectory(value, line);
          if (result.ok) sessionContract.parse(result.session);
          else expectRecordError(result.error, line);
        },
      ),
      fuzzRuns(1500),
    );
  });
});
