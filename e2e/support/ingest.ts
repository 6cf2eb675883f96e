import { expect, type APIRequestContext } from "@playwright/test";
import {
  generateAcosTrajectories,
  toJsonl,
  type AcosTrajectoryRecord,
  type GenerateOptions,
} from "@/test/factories/generate/acos";

/** Posts ACOS trajectory records to the real ingest route, as `curl --data-binary` would. */
export async function ingestSessions(request: APIRequestContext, project: string, records: AcosTrajectoryRecord[]) {
  const response = await request.post(`/api/v1/ingest?project=${encodeURIComponent(project)}&name=trajectories.jsonl`, {
    data: toJsonl(records),
    headers: { "content-type": "application/x-ndjson" },
  });
  expect(response.status(), await response.text()).toBe(200);
  const report = (await response.json()) as { totals: { accepted: number; duplicates: number } };
  expect(report.totals.accepted + report.totals.duplicates).toBe(records.length);
}

/** Posts `count` generated ACOS trajectories (from `start`, over `spanDays`, when given) to the real ingest route. */
export async function ingestAcos(
  request: APIRequestContext,
  project: string,
  seed: number,
  count: number,
  when: Pick<GenerateOptions, "start" | "spanDays"> = {},
) {
  await ingestSessions(request, project, generateAcosTrajectories({ seed, count, idPrefix: project, ...when }));
}

/** The id of a session of the project, as the sessions API lists it. */
export async function someSessionId(request: APIRequestContext, project: string): Promise<number> {
  const response = await request.get(`/api/v1/projects/${encodeURIComponent(project)}/sessions?limit=1`);
  expect(response.status(), await response.text()).toBe(200);
  const [first] = ((await response.json()) as { items: { id: number }[] }).items;
  expect(first).toBeDefined();
  return first!.id;
}
