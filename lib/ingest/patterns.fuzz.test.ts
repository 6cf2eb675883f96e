import fc from "fast-check";
import { describe, it } from "vitest";
import { parseAcosPattern } from "@/lib/ingest/patterns";
import { anyJsonValue } from "@/test/fuzz/json-inputs";
import { expectRecordError } from "@/test/fuzz/parsed-file-contract";
import { acosPatternRecord } from "@/test/fuzz/record-inputs";
import { fuzzRuns } from "@/test/fuzz/settings";
import { toolPatternContract } from "@/test/fuzz/session-contract";

describe("parseAcosPattern, fuzzed", { timeout: 60_000 }, () => {
  it("answers a pattern that keeps the contract, or an error at the record's line", () => {
    fc.assert(
      fc.property(
        fc.oneof({ weight: 4, arbitrary: acosPatternRecord }, { weight: 1, arbitrary: anyJsonValue }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (value, line) => {
          const result = parseAcosPattern(value, line);
          if (result.ok) toolPatternContract.parse(result.pattern);
          else expectRecordError(result.error, line);
        },
      ),
      fuzzRuns(1000),
    );
  });
});
