// What storing each file of an upload must leave in the database, computed with the app's own parsers: the rows
// a file's transaction writes, to compare with what a killed server left behind.
import { assembleSession } from "@/lib/ingest/claude-code/assemble";
import { projectFromCwd } from "@/lib/ingest/claude-code/project";
import { readTranscriptName } from "@/lib/ingest/claude-code/file-name";
import { parseFile, type AgentMeta, type TranscriptFile } from "@/lib/ingest/parse-file";
import { toProjectSlug } from "@/lib/project-slug";
import type { Session } from "@/lib/session";
import type { Upload } from "../harness/uploads";

/** The columns a stored session must hold exactly. */
export interface ExpectedSession {
  externalId: string;
  operationCount: number;
  filesModified: string[];
  filesRead: string[];
  successScore: number;
  raw: string;
}

export type ExpectedFile =
  | { kind: "acos"; name: string; project: string; sessions: ExpectedSession[] }
  /** A session's main transcript: its part row and the session assembled with the parts of the same upload. */
  | { kind: "session"; name: string; project: string; sessionId: string; session: ExpectedSession }
  /** A sub-agent transcript or meta file: its part row. */
  | { kind: "part"; name: string; project: string; sessionId: string; part: string };

function expectSession(t: Session): ExpectedSession {
  return {
    externalId: t.externalId,
    operationCount: t.operationCount,
    filesModified: [...new Set(t.filesModified)].sort(),
    filesRead: [...new Set(t.filesRead)].sort(),
    successScore: t.success.score,
    raw: JSON.stringify(t.raw),
  };
}

export function expectedFiles(upload: Upload): ExpectedFile[] {
  const parsed = upload.files.map((file) => ({ name: file.name, parsed: parseFile(file.content, file.name) }));
  const agents = new Map<string, TranscriptFile[]>();
  const metas = new Map<string, AgentMeta[]>();
  for (const { parsed: p, name } of parsed) {
    const sessionId = p.transcript?.sessionId ?? readTranscriptName(name).sessionId;
    if (!sessionId) continue;
    if (p.transcript?.agentId) agents.set(sessionId, [...(agents.get(sessionId) ?? []), p.transcript]);
    if (p.agentMeta) metas.set(sessionId, [...(metas.get(sessionId) ?? []), p.agentMeta]);
  }
  const mainOf = new Map(
    parsed.flatMap(({ parsed: p }) =>
      p.transcript && !p.transcript.agentId ? [[p.transcript.sessionId, p.transcript]] : [],
    ),
  );
  const sessionSlug = (sessionId: string) =>
    upload.project ?? toProjectSlug(projectFromCwd(mainOf.get(sessionId)?.cwd ?? "") ?? "")!;

  return parsed.map(({ name, parsed: p }): ExpectedFile => {
    if (p.rejected > 0) throw new Error(`the generator made an invalid file ${name}: ${JSON.stringify(p.errors[0])}`);
    const transcript = p.transcript;
    if (transcript?.sessionId && !transcript.agentId) {
      const sessionId = transcript.sessionId;
      // The server assembles a session from its stored parts in the order of their names.
      const sessionAgents = [...(agents.get(sessionId) ?? [])].sort((a, b) => (a.agentId! < b.agentId! ? -1 : 1));
      const session = assembleSession(transcript, sessionAgents, metas.get(sessionId) ?? []);
      return {
        kind: "session",
        name,
        project: sessionSlug(sessionId),
        sessionId,
        session: expectSession(session),
      };
    }
    if (transcript?.sessionId && transcript.agentId) {
      return {
        kind: "part",
        name,
        project: sessionSlug(transcript.sessionId),
        sessionId: transcript.sessionId,
        part: transcript.agentId,
      };
    }
    if (p.agentMeta) {
      const sessionId = readTranscriptName(name).sessionId!;
      return { kind: "part", name, project: sessionSlug(sessionId), sessionId, part: `meta:${p.agentMeta.agentId}` };
    }
    return { kind: "acos", name, project: upload.project!, sessions: p.sessions.map(expectSession) };
  });
}
