import { beforeAll, describe, expect, it } from "vitest";
import { GET as auditLog } from "@/app/api/v1/audit/route";
import { POST as mcp } from "@/app/api/v1/mcp/route";
import { DELETE as deleteMemory, PATCH as patchMemory } from "@/app/api/v1/memories/[id]/route";
import { POST as addMemory } from "@/app/api/v1/memories/route";
import { POST as reportRun } from "@/app/api/v1/projects/[slug]/ablations/[id]/runs/route";
import { POST as startAblation } from "@/app/api/v1/projects/[slug]/ablations/route";
import { getDb } from "@/db/client";
import { storeRecords } from "@/lib/server/store-records";
import { generateSessions } from "@/test/factories/generate/sessions";
import { ADMIN, apiRequest, browserRequest } from "./support/auth";

/** Who wrote or changed a memory, by hand or as an agent, and who ran an ablation, is in the audit log. */

const BASE = "http://localhost:3000/api/v1";
const json = { "content-type": "application/json" };
const slug = { params: Promise.resolve({ slug: "audited" }) };

async function entries(
  action: string,
): Promise<{ action: string; actor: string; target: string; detail: Record<string, unknown> }[]> {
  const response = await auditLog(await browserRequest(`${BASE}/audit?action=${action}&limit=200`));
  expect(response.status).toBe(200);
  return (
    (await response.json()) as {
      items: { action: string; actor: string; target: string; detail: Record<string, unknown> }[];
    }
  ).items.reverse();
}

beforeAll(async () => {
  await storeRecords(getDb(), "audited", {
    sessions: generateSessions({ seed: 5, count: 20, idPrefix: "a-" }),
    patterns: [],
  });
});

describe("the audit log", () => {
  it("records a memory written, edited, pinned, unpinned and deleted by hand, and one an agent remembered", async () => {
    const created = await addMemory(
      await browserRequest(`${BASE}/memories`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ content: "Deploy from main only.", category: "decision", project: "audited" }),
      }),
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const params = { params: Promise.resolve({ id: String(id) }) };
    const patch = async (body: unknown) =>
      expect(
        (
          await patchMemory(
            await browserRequest(`${BASE}/memories/${id}`, {
              method: "PATCH",
              headers: json,
              body: JSON.stringify(body),
            }),
            params,
          )
        ).status,
      ).toBe(200);
    await patch({ content: "Deploy from main only, after CI." });
    await patch({ pinned: true });
    await patch({ pinned: false });
    expect(
      (await deleteMemory(await browserRequest(`${BASE}/memories/${id}`, { method: "DELETE" }), params)).status,
    ).toBe(204);

    const remember = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "remember", arguments: { project: "audited", content: "The e2e suite needs a build first." } },
    });
    const answer = await mcp(
      await apiRequest(`${BASE}/mcp`, {
        method: "POST",
        headers: { ...json, accept: "application/json, text/event-stream" },
        body: remember,
      }),
    );
    const remembered = Number(
      /#(\d+)/.exec(((await answer.json()) as { result: { content: { text: string }[] } }).result.content[0]!.text)![1],
    );

    const log = await entries("memory");
    expect(log.map((e) => [e.action, e.target])).toEqual([
      ["memory.create", `audited: memory ${id}`],
      ["memory.update", `audited: memory ${id}`],
      ["memory.pin", `audited: memory ${id}`],
      ["memory.unpin", `audited: memory ${id}`],
      ["memory.delete", `audited: memory ${id}`],
      ["memory.remember", `audited: memory ${remembered}`],
    ]);
    expect(log[0]!.actor).toBe(ADMIN.email);
    expect(log[1]!.detail).toMatchObject({ content: "Deploy from main only, after CI.", changed: ["content"] });
    expect(log[5]!.actor).toMatch(new RegExp(`^${ADMIN.email} \\(token `));
    expect(log[5]!.detail).toMatchObject({ category: "insight", content: "The e2e suite needs a build first." });
  });

  it("records an ablation started and each run reported", async () => {
    const body = JSON.stringify({
      suite: "s",
      agent: "true",
      tasks: ["one"],
      arms: ["guidance", "none"],
      runs: 1,
      seed: 1,
      format: "markdown",
    });
    const started = await startAblation(
      await apiRequest(`${BASE}/projects/audited/ablations`, { method: "POST", headers: json, body }),
      slug,
    );
    const { id } = (await started.json()) as { id: number };
    const form = new FormData();
    form.append(
      "run",
      JSON.stringify({
        task: "one",
        arm: "none",
        run: 1,
        status: "not_completed",
        setup: null,
        agent: null,
        check: null,
        detail: null,
      }),
    );
    const posted = await reportRun(
      await apiRequest(`${BASE}/projects/audited/ablations/${id}/runs`, { method: "POST", body: form }),
      { params: Promise.resolve({ slug: "audited", id: String(id) }) },
    );
    expect(posted.status).toBe(204);
    const log = await entries("ablation");
    expect(log.map((e) => [e.action, e.target])).toEqual([
      ["ablation.start", "audited"],
      ["ablation.run", `audited: ablation ${id}`],
    ]);
    expect(log[1]!.detail).toMatchObject({ task: "one", arm: "none", run: 1, status: "not_completed", files: 0 });
  });
});
