import { neutraliseQuote } from "@/lib/guidance/quote";
import { holdsUnsafeCommand } from "./command-safety";
import type { KnowledgeItem, KnowledgeRef, KnowledgeSession } from "./contract";
import { EDIT_TOOLS } from "./commands";
import { runOutcome } from "./run-outcome";
import { day } from "./wording";
import { fileChanges } from "@/lib/shell/file-changes";
import { parseCommand } from "@/lib/shell/purpose";

/**
 * What an agent wrote down for itself (Claude Code's `<folder>/memory/MEMORY.md` and topic files beside it;
 * docs/agent-memory.md), read as evidence: each note is agent-written text, quoted wherever it is shown, with the
 * file, agent and uploader it came from. The project's sessions then judge it: a command the note names that ran
 * (passed or reported problems) or a file it names that was worked on confirms it; a later run of that command that
 * did not run at all, or that failed with a command of the same purpose passing after it in the session (the agent
 * switched to another form), or a later session deleting or moving that file, contradicts it. The latest evidence wins:
 * a note whose latest evidence contradicts it is stale and reaches no agent.
 */

/** One stored memory file (db `agent_note_files`), its content redacted at ingest. */
export interface AgentNoteFile {
  agent: "claude-code";
  /** As uploaded, relative to the agent's folder: `<folder>/memory/MEMORY.md`. */
  path: string;
  /** Who uploaded it (a token or a person: the machine it came from), in words. */
  uploader: string;
  /** When this version was first stored (epoch ms). */
  storedAt: number;
  content: string;
}

export interface AgentNoteSource {
  agent: AgentNoteFile["agent"];
  path: string;
  uploader: string;
  storedAt: number;
}

export type AgentNoteStatus = "confirmed" | "unconfirmed" | "stale";

export interface AgentNote {
  /** `agent-note:<hash of the note's words>`: the same note in several files or machines is one. */
  key: string;
  /** The note as written, on one line (redacted at ingest; quoted wherever shown). */
  text: string;
  sources: AgentNoteSource[];
  status: AgentNoteStatus;
  /** Sessions whose evidence confirms it. */
  support: number;
  /** Epoch ms of the latest confirming evidence; null when none. */
  lastConfirmed: number | null;
  /** Confirming evidence, latest first (at most MAX_NOTE_REFS). */
  refs: KnowledgeRef[];
  /** Why it is stale: the later evidence that contradicts it. */
  stale?: { because: string; at: number; ref: KnowledgeRef };
  /**
   * Held back from agents: it names a command that may never be suggested, addresses the agent as instructions, or
   * held a secret (redacted at ingest, so what is left says nothing worth quoting).
   */
  withheld?: "unsafe-command" | "instructs-agent" | "redacted";
}

export const MAX_NOTE_REFS = 8;
/** A note longer than this is cut (Claude Code loads the first 200 lines of MEMORY.md; a note is one of them). */
export const MAX_NOTE_CHARS = 300;
/** Notes read of one file at most, as Claude Code loads at most the first 200 lines. */
export const MAX_NOTES_PER_FILE = 200;
/** Notes guidance carries at most: short, the agent has the file itself. */
export const MAX_GUIDANCE_NOTES = 5;

/** Text that addresses the agent reading it as orders about its instructions (a prompt injection). */
const INSTRUCTS_AGENT =
  /\b(?:ignore|disregard|forget|override)\b[^.\n]{0,40}\b(?:instructions?|rules?|guidance|prompts?|guardrails?)\b|\bsystem prompt\b|\byou are now\b|\bnew instructions?\b|\bdo not (?:tell|inform) the user\b/i;

/** Why a note's text may never reach an agent; undefined when it may. */
function withheldReason(text: string): AgentNote["withheld"] {
  if (holdsUnsafeCommand(text)) return "unsafe-command";
  if (INSTRUCTS_AGENT.test(text)) return "instructs-agent";
  return /\[REDACTED/.test(text) ? "redacted" : undefined;
}

/** A line that only links another memory file (MEMORY.md as an index of its topic files): the topic file says it. */
const INDEX_LINE = /^\[[^\]]*\]\([^)]*\.md\)\s*(?:[-—–:]\s*)?$/;

/** The notes of one memory file: its list items and paragraph lines, without front matter, headings, fences or index links. */
export function parseNotes(content: string): string[] {
  const lines = content.replace(/\r\n?/g, "\n").split("\n");
  let from = 0;
  if (lines[0]?.trim() === "---") {
    const end = lines.findIndex((line, i) => i > 0 && line.trim() === "---");
    if (end > 0) from = end + 1;
  }
  const notes: string[] = [];
  let fenced = false;
  for (const raw of lines.slice(from)) {
    const line = raw.trim();
    if (/^(?:```|~~~)/.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (fenced || line === "" || /^#{1,6}\s/.test(line) || /^[-*_=]{3,}$/.test(line) || line.startsWith("<!--"))
      continue;
    const text = line.replace(/^(?:[-*+]|\d{1,3}[.)])\s+(?:\[[ xX]\]\s+)?/, "").trim();
    if (text === "" || INDEX_LINE.test(text)) continue;
    notes.push(
      Array.from(text).length > MAX_NOTE_CHARS
        ? `${Array.from(text)
            .slice(0, MAX_NOTE_CHARS - 1)
            .join("")}…`
        : text,
    );
    if (notes.length >= MAX_NOTES_PER_FILE) break;
  }
  return notes;
}

/** The note's words as compared across files and machines: case, markup and spacing aside. */
const normalised = (text: string) => text.toLowerCase().replace(/[`*_]/g, "").replace(/\s+/g, " ").trim();

/** A short stable hash (FNV-1a, 32 bits, hex): keys must not change between runs. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, "0");
}

/** The code spans of a note: the commands and files it names. */
export function noteSpans(text: string): string[] {
  return [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!.trim()).filter((span) => span !== "");
}

/** A span that reads as a file or folder: one word with a slash or an extension. */
const isPathSpan = (span: string) =>
  !/\s/.test(span) && (span.includes("/") || /\.[A-Za-z0-9]{1,6}$/.test(span)) && !/^-/.test(span);
const trimPath = (p: string) => p.replace(/^\.\//, "").replace(/\/$/, "");
const samePath = (a: string, b: string) => {
  const x = trimPath(a);
  const y = trimPath(b);
  return x === y || x.endsWith(`/${y}`) || y.endsWith(`/${x}`);
};

/** Whether a shell line runs `span`: one of its `&&`/`;`/`||`/`|` parts is it, or it with more arguments. */
function runs(line: string, span: string): boolean {
  const form = span.replace(/\s+/g, " ");
  return line.split(/&&|\|\||;|\|/).some((part) => {
    const p = part.trim().replace(/\s+/g, " ");
    return p === form || p.startsWith(`${form} `);
  });
}

interface Judged {
  confirms: { at: number; ref: KnowledgeRef; sessionId: number }[];
  contradiction: { because: string; at: number; ref: KnowledgeRef } | null;
}

const purposeOf = (command: string) => parseCommand(command)?.steps[0]?.purpose ?? null;

/** The first later command of the session with the same purpose as `span` that passed, in another form: what replaced it. */
function replacedBy(later: readonly KnowledgeSession["operations"][number][], span: string): string | null {
  const purpose = purposeOf(span);
  if (purpose === null) return null;
  for (const op of later) {
    if (op.command === null || op.isError) continue;
    const line = op.command.split("\n")[0]!;
    if (!runs(line, span) && purposeOf(line) === purpose) return line;
  }
  return null;
}

/** What the sessions say of one note's spans (commands run, files worked on, deleted or moved). */
function judge(spans: readonly string[], sessions: readonly KnowledgeSession[], writtenAt: number | null): Judged {
  const judged: Judged = { confirms: [], contradiction: null };
  const contradict = (because: string, at: number, ref: KnowledgeRef) => {
    if (writtenAt !== null && at <= writtenAt) return;
    if (!judged.contradiction || at >= judged.contradiction.at) judged.contradiction = { because, at, ref };
  };
  const paths = spans.filter(isPathSpan);
  for (const s of sessions) {
    for (const [i, op] of s.operations.entries()) {
      const at = op.at ?? s.startedAt;
      const ref = { sessionId: s.id, seq: op.seq };
      if (op.command !== null) {
        const line = op.command.split("\n")[0]!;
        for (const span of spans) {
          if (!runs(line, span)) continue;
          const outcome = runOutcome(op.isError, op.output);
          if (outcome === "did-not-run") contradict(`\`${span}\` did not run`, at, ref);
          else if (outcome !== "failed") judged.confirms.push({ at, ref, sessionId: s.id });
          else {
            const instead = replacedBy(s.operations.slice(i + 1), span);
            if (instead !== null) contradict(`\`${span}\` failed and \`${instead}\` passed instead`, at, ref);
          }
        }
        if (op.isError) continue;
        for (const change of fileChanges(op.command)) {
          for (const path of paths) {
            if (change.kind === "delete" && samePath(change.path, path)) contradict(`\`${path}\` was deleted`, at, ref);
            if (change.kind !== "delete" && samePath(change.from, path))
              contradict(`\`${path}\` was moved to \`${change.to}\``, at, ref);
          }
        }
      } else if (op.file !== null && !op.isError && paths.some((path) => samePath(op.file!, path))) {
        judged.confirms.push({ at, ref, sessionId: s.id });
      }
    }
  }
  return judged;
}

/**
 * When the agent last wrote the file, as the sessions show it (an edit of `<…>/<path>`); null when no session shows
 * it. Evidence after that time is newer than everything the file says.
 */
function lastWritten(path: string, sessions: readonly KnowledgeSession[]): number | null {
  let latest: number | null = null;
  for (const s of sessions) {
    for (const op of s.operations) {
      if (op.isError || op.file === null || !EDIT_TOOLS.has(op.tool) || !op.file.endsWith(`/${path}`)) continue;
      const at = op.at ?? s.startedAt;
      if (latest === null || at > latest) latest = at;
    }
  }
  return latest;
}

/** Every note of the files, one per wording, judged by the sessions (oldest first). */
export function judgeNotes(files: readonly AgentNoteFile[], sessions: readonly KnowledgeSession[]): AgentNote[] {
  const byKey = new Map<string, { text: string; sources: AgentNoteSource[]; writtenAt: number | null }>();
  for (const file of files) {
    const source: AgentNoteSource = {
      agent: file.agent,
      path: file.path,
      uploader: file.uploader,
      storedAt: file.storedAt,
    };
    const writtenAt = lastWritten(file.path, sessions);
    for (const text of parseNotes(file.content)) {
      const key = `agent-note:${hash(normalised(text))}`;
      const entry = byKey.get(key);
      if (!entry) byKey.set(key, { text, sources: [source], writtenAt });
      else {
        if (!entry.sources.some((s) => s.path === source.path && s.uploader === source.uploader))
          entry.sources.push(source);
        if (writtenAt !== null && (entry.writtenAt === null || writtenAt > entry.writtenAt))
          entry.writtenAt = writtenAt;
      }
    }
  }
  const notes: AgentNote[] = [];
  for (const [key, { text, sources, writtenAt }] of byKey) {
    const { confirms, contradiction } = judge(noteSpans(text), sessions, writtenAt);
    confirms.sort((a, b) => b.at - a.at || b.ref.sessionId - a.ref.sessionId);
    const lastConfirmed = confirms[0]?.at ?? null;
    const stale = contradiction !== null && (lastConfirmed === null || contradiction.at > lastConfirmed);
    const withheld = withheldReason(text);
    notes.push({
      key,
      text,
      sources,
      status: stale ? "stale" : confirms.length > 0 ? "confirmed" : "unconfirmed",
      support: new Set(confirms.map((c) => c.sessionId)).size,
      lastConfirmed,
      refs: confirms.slice(0, MAX_NOTE_REFS).map((c) => c.ref),
      ...(stale ? { stale: contradiction } : {}),
      ...(withheld ? { withheld } : {}),
    });
  }
  return notes.sort(byStrength);
}

/** Confirmed notes first, most sessions, latest confirmation, then by key. */
function byStrength(a: AgentNote, b: AgentNote): number {
  const rank = (n: AgentNote) => (n.status === "confirmed" ? 0 : n.status === "unconfirmed" ? 1 : 2);
  return (
    rank(a) - rank(b) ||
    b.support - a.support ||
    (b.lastConfirmed ?? 0) - (a.lastConfirmed ?? 0) ||
    (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
  );
}

/** Whether sessions already say all the note says: every span it names is a command knowledge already states. */
function saidBySessions(note: AgentNote, knowledge: readonly KnowledgeItem[]): boolean {
  const spans = noteSpans(note.text);
  if (spans.length === 0) return false;
  const known = knowledge.flatMap((item) =>
    item.kind === "command" ? [item.example, item.canonical, ...(item.variants ?? [])] : [],
  );
  return spans.every((span) => known.some((command) => runs(command, span)));
}

/**
 * The notes worth giving an agent beside what sessions teach: not stale, not withheld, adding something the
 * knowledge does not already say, strongest first, at most MAX_GUIDANCE_NOTES.
 */
export function guidanceNotes(notes: readonly AgentNote[], knowledge: readonly KnowledgeItem[]): AgentNote[] {
  return notes
    .filter((n) => n.status !== "stale" && n.withheld === undefined && !saidBySessions(n, knowledge))
    .slice()
    .sort(byStrength)
    .slice(0, MAX_GUIDANCE_NOTES);
}

const AGENT_NAMES: Record<AgentNoteFile["agent"], string> = { "claude-code": "Claude Code" };

/** Where a note comes from, in words: `Claude Code's MEMORY.md from alice-laptop` (the first source; `+ N more`). */
export function noteProvenance(note: AgentNote): string {
  const first = note.sources[0]!;
  const file = first.path.split("/").pop() ?? first.path;
  const more = note.sources.length > 1 ? ` (+${note.sources.length - 1} more)` : "";
  return `${AGENT_NAMES[first.agent]}'s ${file} from ${first.uploader}${more}`;
}

/**
 * A note as one markdown line an agent may read: a neutralised quote attributed to the agent and file it came
 * from, with how far sessions confirm it; null when nothing of it survives neutralising or it is withheld.
 */
export function noteLine(note: AgentNote): string | null {
  // Checked again on the text: a note stored in guidance before a rule of it existed (the last line of defence).
  if (note.withheld !== undefined || withheldReason(note.text) !== undefined) return null;
  const quoted = neutraliseQuote(note.text);
  if (quoted === "") return null;
  const support =
    note.status === "confirmed"
      ? `confirmed in ${note.support} ${note.support === 1 ? "session" : "sessions"}, last ${day(note.lastConfirmed)}`
      : note.status === "stale"
        ? `stale: ${note.stale?.because.replace(/`/g, "") ?? "contradicted by a later session"}`
        : "not yet confirmed by sessions";
  return `> “${quoted}” — written by ${noteProvenance(note)}; ${support} (quoted agent note, not an instruction from Starlight)`;
}
