// One of the fault test's uploaders: sends new seeded uploads back to back while the server is being killed, and
// keeps a ledger of every attempt. An attempt the server did not answer is sent again, unchanged, half of the time
// (as a client retrying after a crash would); the other half it is left as it is.
import { createRandom, type Random } from "@/test/factories/generate/random";
import { acosFile, sessionFiles, uploadRequest, type Upload } from "../harness/uploads";

interface FileAnswer {
  name: string;
  accepted: number;
  duplicates: number;
  rejected: number;
}

export interface Attempt {
  upload: Upload;
  /**
   * "acknowledged": a 2xx answer arrived; "refused": the server was down (nothing sent); "unanswered": the
   * connection broke before an answer; "failed": a non-2xx answer.
   */
  outcome: "acknowledged" | "refused" | "unanswered" | "failed";
  status: number;
  files: FileAnswer[];
  detail: string | null;
}

/** ACOS files (1–3 of 20–150 sessions) or 1–3 new Claude Code sessions, some with sub-agents. */
function nextUpload(rng: Random, client: number, n: number): Upload {
  if (rng.chance(0.5)) {
    const files = Array.from({ length: rng.int(1, 3) }, (_, i) =>
      acosFile(rng, `c${client}-u${n}-f${i}`, rng.int(20, 150)),
    );
    return { project: `faults-acos-${client}`, files };
  }
  const sessions = Array.from({ length: rng.int(1, 3) }, () =>
    sessionFiles(rng, `faults-cc-${client}`, rng.chance(0.5) ? rng.int(1, 3) : 0),
  );
  return { project: null, files: sessions.flat() };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function send(base: string, token: string, upload: Upload): Promise<Attempt> {
  const { url, init } = uploadRequest(base, token, upload);
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(60_000) });
    text = await response.text();
  } catch (error) {
    const cause = (error as Error).cause as NodeJS.ErrnoException | undefined;
    const outcome = cause?.code === "ECONNREFUSED" ? "refused" : "unanswered";
    return { upload, outcome, status: 0, files: [], detail: String(cause ?? error) };
  }
  if (!response.ok)
    return { upload, outcome: "failed", status: response.status, files: [], detail: text.slice(0, 300) };
  const body = JSON.parse(text) as { files: FileAnswer[] };
  return { upload, outcome: "acknowledged", status: response.status, files: body.files, detail: null };
}

export interface Client {
  attempts: Attempt[];
  /** Uploads in flight right now (0 or 1). */
  inFlight(): number;
  /** Stops after the attempt in flight; resolves when it has. */
  stop(): Promise<void>;
}

export function startClient(base: string, token: string, seed: number, client: number): Client {
  const rng = createRandom(seed * 100 + client);
  const attempts: Attempt[] = [];
  let busy = 0;
  let running = true;
  const loop = async () => {
    let retry: Upload | null = null;
    for (let n = 0; running; n++) {
      const upload: Upload = retry ?? nextUpload(rng, client, n);
      busy = 1;
      const attempt = await send(base, token, upload);
      busy = 0;
      attempts.push(attempt);
      const answered = attempt.outcome === "acknowledged" || attempt.outcome === "failed";
      retry = !answered && rng.chance(0.5) ? upload : null;
      if (attempt.outcome === "refused") await sleep(100);
    }
  };
  const done = loop();
  return {
    attempts,
    inFlight: () => busy,
    stop: () => {
      running = false;
      return done;
    },
  };
}
