import { describe, expect, it } from "vitest";
import { generateAcosTrajectories, toJsonl } from "@/test/factories/generate/acos";
import { MAX_RECORDS_PER_FILE, MAX_VALUES_PER_DOCUMENT } from "@/lib/ingest/decode";
import { ERRORS_LISTED } from "@/lib/ingest/types";
import { postRaw } from "./ingest-client";

describe("an upload of a file with many bad lines", () => {
  it("answers the first errors with the file, line and field, and the count of all of them, in a small body", async () => {
    const good = toJsonl(generateAcosTrajectories({ seed: 5, count: 1, idPrefix: "many-bad" }));
    const { status, body } = await postRaw(Buffer.from(good + "{}\n".repeat(200_000)), {
      project: "many-bad",
      name: "trajectories.jsonl",
    });
    expect(status).toBe(207);
    const [file] = body.files;
    expect(file).toMatchObject({ accepted: 1, rejected: 200_000, errorCount: 200_000 });
    expect(file!.errors).toHaveLength(ERRORS_LISTED);
    expect(file!.errors[0]).toMatchObject({ line: 2 });
    expect(body.error!.message).toMatch(/^trajectories\.jsonl line 2(, field \w+)?: .+\(and 199,?995 more\)$/);
    expect(JSON.stringify(body).length).toBeLessThan(50_000);
  });

  // A file of short lines keeps a few hundred bytes of heap per line while it is read: 100 MB of `{}` lines (the
  // default body limit) took the server past its heap limit. Past the limit the file is refused whole.
  it("refuses a file of more than a million records whole, naming the file and the line, accepting none of it", async () => {
    const good = toJsonl(generateAcosTrajectories({ seed: 6, count: 1, idPrefix: "too-many" }));
    const { status, body } = await postRaw(Buffer.from(good + "{}\n".repeat(MAX_RECORDS_PER_FILE)), {
      project: "too-many",
      name: "trajectories.jsonl",
    });
    expect(status).toBe(422);
    expect(body.files[0]).toMatchObject({ accepted: 0, rejected: 1, errorCount: 1 });
    expect(body.error!.message).toBe(
      `trajectories.jsonl line ${MAX_RECORDS_PER_FILE + 1}: more than 1,000,000 records in one file: split it into smaller files`,
    );
  });

  it("refuses a JSON document of more than a million values before parsing it, naming the file", async () => {
    const { status, body } = await postRaw(Buffer.from(`[${"{},".repeat(MAX_VALUES_PER_DOCUMENT)}{}]`), {
      project: "too-many",
      name: "trajectories.json",
    });
    expect(status).toBe(422);
    expect(body.files[0]).toMatchObject({ accepted: 0, rejected: 1, errorCount: 1 });
    expect(body.error!.message).toMatch(
      /^trajectories\.json.*: more than 1,000,000 values in one JSON document: send records as JSONL, one per line$/,
    );
  });
});
