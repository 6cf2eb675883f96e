import { expect, type APIRequestContext } from "@playwright/test";
import { generateAcosTrajectories, toJsonl } from "@/lib/generate/acos";

/** Posts `count` generated ACOS trajectories to the real ingest route, as `curl --data-binary` would. */
export async function ingestAcos(request: APIRequestContext, project: string, seed: number, count: number) {
  const body = toJsonl(generateAcosTrajectories({ seed, count, idPrefix: project }));
  const response = await request.post(`/api/v1/ingest?project=${encodeURIComponent(project)}&name=trajectories.jsonl`, {
    data: body,
    headers: { "content-type": "application/x-ndjson" },
  });
  expect(response.status(), await response.text()).toBe(200);
  const report = (await response.json()) as { totals: { accepted: number; duplicates: number; rejected: number } };
  expect(report.totals.accepted + report.totals.duplicates).toBe(count);
}
