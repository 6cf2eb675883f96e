import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { strToU8, zipSync } from "fflate";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { POST } from "@/app/api/v1/ingest/route";
import { replaceSessions } from "@/db/queries/session-writes";
import { generateAcosTrajectories, toJsonl } from "@/test/factories/generate/acos";
import { transcript } from "@/test/factories/transcript";
import { postFiles, postRaw } from "./ingest-client";
import { apiRequest } from "./support/auth";

vi.mock("@/db/queries/session-writes", async (load) => {
  const actual = await load<typeof import("@/db/queries/session-writes")>();
  return { ...actual, replaceSessions: vi.fn(actual.replaceSessions) };
});

const SESSION = "0f7c2a9e-1d3b-4c5a-8e6f-7a8b9c0d1e2f";
const acos = toJsonl(generateAcosTrajectories({ seed: 31, count: 5, idPrefix: "spill" }));

/** The ingest route keeps each upload in a temp folder while it works: whatever it answers, none is left behind. */
describe("POST /api/v1/ingest removes the upload's temp folder", () => {
  const base = os.tmpdir();
  let tmp: string;
  const left = () => fs.readdirSync(tmp);

  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(base, "ingest-spill-"));
    vi.stubEnv("TMPDIR", tmp);
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("after storing the files", async () => {
    expect((await postFiles([{ name: "a.jsonl", content: acos }], { project: "spill" })).status).toBe(200);
    expect((await postRaw(acos, { project: "spill", name: "raw.jsonl" })).status).toBe(200);
    expect(left()).toEqual([]);
  });

  it("after refusing a form with no files", async () => {
    const form = new FormData();
    form.append("project", "spill");
    const response = await POST(await apiRequest("http://localhost/api/v1/ingest", { method: "POST", body: form }));
    expect(response.status).toBe(422);
    expect(left()).toEqual([]);
  });

  it("after an archive entry turns out damaged while it is ingested", async () => {
    const zip = zipSync({ "a.jsonl": strToU8(acos) }, { level: 6 });
    zip.fill(0xff, 40, 60);
    const { status, body } = await postFiles([{ name: "d.zip", content: zip }], { project: "spill" });
    expect(status).toBe(422);
    expect(body.error?.message).toMatch(/^d\.zip\/a\.jsonl: not a readable zip archive/);
    expect(left()).toEqual([]);
  });

  it("after the ingest itself fails", async () => {
    vi.mocked(replaceSessions).mockImplementationOnce(() => {
      throw new Error("the disk went away");
    });
    const { status } = await postFiles([
      { name: `-home-dev-spill/${SESSION}.jsonl`, content: transcript(SESSION, ["Read"], { cwd: "/home/dev/spill" }) },
    ]);
    expect(status).toBe(500);
    expect(left()).toEqual([]);
  });
});
