// Seeded uploads for the load and fault tests: every upload holds new sessions with ids of its own, either ACOS
// session files (JSONL) or Claude Code sessions (a main transcript, optionally with sub-agents and their meta).
import { generateAcosTrajectories, toJsonl } from "@/test/factories/generate/acos";
import type { Random } from "@/test/factories/generate/random";
import { transcript } from "@/test/factories/transcript";

export interface UploadFile {
  name: string;
  content: string;
}

export interface Upload {
  /** Sent as `?project=`; null lets transcripts name their project (their `cwd`). */
  project: string | null;
  files: UploadFile[];
}

const TOOLS = ["Read", "Read", "Grep", "Edit", "Bash", "Write", "Glob"] as const;

function uuid(rng: Random): string {
  const hex = (n: number) => Array.from({ length: n }, () => rng.int(0, 15).toString(16)).join("");
  return `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
}

function tools(rng: Random, min: number, max: number): string[] {
  return Array.from({ length: rng.int(min, max) }, () => rng.pick(TOOLS));
}

/** One ACOS trajectory file of `count` new sessions, ids prefixed with `tag` (unique per upload). */
export function acosFile(rng: Random, tag: string, count: number): UploadFile {
  const records = generateAcosTrajectories({ seed: rng.int(1, 2 ** 31), count, idPrefix: tag });
  return { name: `${tag}.jsonl`, content: toJsonl(records) };
}

/**
 * One new Claude Code session in project folder `-home-dev-<project>`: its main transcript and, when `agents` > 0,
 * that many sub-agents (2.1 layout, each with its meta file).
 */
export function sessionFiles(rng: Random, project: string, agents = 0): UploadFile[] {
  const sessionId = uuid(rng);
  const cwd = `/home/dev/${project}`;
  const folder = `-home-dev-${project}`;
  const start = Date.UTC(2026, 10, 1) + rng.int(0, 30 * 24 * 3600) * 1000;
  const files: UploadFile[] = [
    { name: `${folder}/${sessionId}.jsonl`, content: transcript(sessionId, tools(rng, 4, 40), { cwd, start }) },
  ];
  for (let i = 0; i < agents; i++) {
    const agentId = `a${rng.token(12)}`;
    const lines = transcript(sessionId, tools(rng, 2, 10), { cwd, start: start + 5_000 })
      .split("\n")
      .map((line) => JSON.stringify({ ...JSON.parse(line), isSidechain: true, agentId }))
      .join("\n");
    files.push({ name: `${folder}/${sessionId}/subagents/agent-${agentId}.jsonl`, content: lines });
    files.push({
      name: `${folder}/${sessionId}/subagents/agent-${agentId}.meta.json`,
      content: JSON.stringify({ agentType: "general-purpose", description: `helper ${i}` }),
    });
  }
  return files;
}

/** The request for an upload: one file as a raw body (`?name=`), several as multipart. */
export function uploadRequest(url: string, token: string, upload: Upload): { url: string; init: RequestInit } {
  const query = new URLSearchParams();
  if (upload.project !== null) query.set("project", upload.project);
  const headers = { authorization: `Bearer ${token}` };
  const [only] = upload.files;
  if (upload.files.length === 1 && only) {
    query.set("name", only.name);
    return { url: `${url}/api/v1/ingest?${query}`, init: { method: "POST", headers, body: only.content } };
  }
  const form = new FormData();
  for (const file of upload.files) form.append("files", new Blob([file.content]), file.name);
  return { url: `${url}/api/v1/ingest?${query}`, init: { method: "POST", headers, body: form } };
}
