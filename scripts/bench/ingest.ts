/**
 * Ingest timings for one workload on either engine: through the library (`ingestFiles` on a fresh database), and
 * through HTTP (the production server's ingest route, with a token). The baselines of the same run are in
 * bare-rows.ts, bare-sqlite.ts and bare-postgres.ts.
 */
import { memoryFile } from "@/lib/ingest/named-file";
import { ingestFiles } from "@/lib/server/ingest";
import { multipartBody } from "@/lib/upload/multipart";
import type { UploadFile, Workload } from "./batches";
import type { Place } from "./databases";
import type { BenchServer } from "./server";

interface Report {
  totals: { accepted: number; rejected: number };
}

/** What every batch must have stored: each ACOS trajectory, or each transcript file. */
const expected = (w: Workload, batch: readonly UploadFile[]) =>
  w.kind === "acos" ? batch.reduce((n, f) => n + f.records, 0) : batch.length;

function check(w: Workload, batch: readonly UploadFile[], report: Report, how: string): void {
  if (report.totals.accepted !== expected(w, batch) || report.totals.rejected !== 0) {
    throw new Error(
      `${how} ingest of ${w.kind} stored ${report.totals.accepted} of ${expected(w, batch)} (${report.totals.rejected} rejected)`,
    );
  }
}

export async function libraryIngest(place: Place, w: Workload, project: string): Promise<number> {
  const db = place.open();
  const batches = w.batches.map((batch) => ({ batch, files: batch.map((f) => memoryFile(f.name, f.content)) }));
  const started = performance.now();
  for (const { batch, files } of batches)
    check(w, batch, await ingestFiles(db, files, project, async () => true), "library");
  const ms = performance.now() - started;
  await db.$executor.close();
  return ms;
}

export async function httpIngest(server: BenchServer, w: Workload, project: string): Promise<number> {
  const bodies = w.batches.map((batch) => ({ batch, ...multipartBody(batch) }));
  const started = performance.now();
  for (const { batch, body, contentType } of bodies) {
    const response = await fetch(`${server.url}/api/v1/ingest?project=${project}`, {
      method: "POST",
      headers: { ...server.tokenHeaders, "content-type": contentType },
      body: new Uint8Array(body),
    });
    if (response.status !== 200)
      throw new Error(`HTTP ingest of ${w.kind}: ${response.status} ${(await response.text()).slice(0, 500)}`);
    check(w, batch, (await response.json()) as Report, "HTTP");
  }
  return performance.now() - started;
}
