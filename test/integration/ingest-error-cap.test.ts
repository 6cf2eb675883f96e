import { describe, expect, it } from "vitest";
import { generateAcosTrajectories, toJsonl } from "@/test/factories/generate/acos";
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
});
