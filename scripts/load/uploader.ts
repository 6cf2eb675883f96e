// One of the load test's concurrent uploaders: sends new seeded uploads back to back until the deadline, and
// records what each request got back.
import { createRandom, type Random } from "@/test/factories/generate/random";
import { acosFile, sessionFiles, uploadRequest, type Upload } from "../harness/uploads";

export interface Outcome {
  /** HTTP status, or 0 when no answer came (connection error, timeout). */
  status: number;
  /** Records the server said it stored (`totals.accepted` of a 2xx answer). */
  accepted: number;
  /** Sessions the upload held. */
  sent: number;
  bytes: number;
  ms: number;
  error: string | null;
}

const REQUEST_TIMEOUT_MS = 120_000;

/** ACOS files (70%) of 5–40 sessions, or 1–3 new Claude Code sessions whose `cwd` names the project. */
function nextUpload(rng: Random, worker: number, n: number): { upload: Upload; sent: number } {
  const tag = `w${worker}-u${n}`;
  if (rng.chance(0.7)) {
    const files = Array.from({ length: rng.chance(0.8) ? 1 : 2 }, (_, i) =>
      acosFile(rng, `${tag}-f${i}`, rng.int(5, 40)),
    );
    const sent = files.reduce((sum, f) => sum + f.content.split("\n").filter(Boolean).length, 0);
    return { upload: { project: `load-acos-${worker % 5}`, files }, sent };
  }
  const sessions = rng.int(1, 3);
  const files = Array.from({ length: sessions }, () => sessionFiles(rng, `load-cc-${worker % 3}`)).flat();
  return { upload: { project: null, files }, sent: sessions };
}

async function send(base: string, token: string, upload: Upload): Promise<Omit<Outcome, "sent" | "bytes" | "ms">> {
  const { url, init } = uploadRequest(base, token, upload);
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const text = await response.text();
    if (!response.ok) return { status: response.status, accepted: 0, error: text.slice(0, 300) };
    const body = JSON.parse(text) as { totals: { accepted: number; rejected: number } };
    const error = body.totals.rejected > 0 ? `${body.totals.rejected} records rejected: ${text.slice(0, 300)}` : null;
    return { status: response.status, accepted: body.totals.accepted, error };
  } catch (error) {
    return { status: 0, accepted: 0, error: String(error) };
  }
}

/** Uploads until `deadline` (epoch ms); the request in flight at the deadline is awaited, never abandoned. */
export async function runUploader(
  base: string,
  token: string,
  seed: number,
  worker: number,
  deadline: number,
): Promise<Outcome[]> {
  const rng = createRandom(seed * 1_000 + worker);
  const outcomes: Outcome[] = [];
  for (let n = 0; Date.now() < deadline; n++) {
    const { upload, sent } = nextUpload(rng, worker, n);
    const bytes = upload.files.reduce((sum, f) => sum + Buffer.byteLength(f.content), 0);
    const started = performance.now();
    const answer = await send(base, token, upload);
    outcomes.push({ ...answer, sent, bytes, ms: performance.now() - started });
  }
  return outcomes;
}
