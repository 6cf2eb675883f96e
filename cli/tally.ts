import { formatBytes } from "../lib/upload/format-bytes";
import { plural } from "./format";
import type { FileGroup as Group, FoundFile as SourceFile } from "../lib/walk/files";
import type { IngestReport, RecordError } from "./http";

/** What an import (or a push) sent and what the server said about it. */
export class Tally {
  files = 0;
  bytes = 0;
  requests = 0;
  sessions = 0;
  subagents = 0;
  accepted = 0;
  duplicates = 0;
  rejected = 0;
  /** Files the server found nothing to store in (empty, or a summary only). */
  empty = 0;
  projects: Set<string> = new Set();
  /** Sessions the server says it stored or updated, as "project/externalId". */
  stored: Set<string> = new Set();
  /** Sessions whose main transcript has not arrived, by id → the sub-agents' files sent for them (`waitingFor`). */
  waiting: Map<string, number> = new Map();
  /** "file line 3, field x: message", one per rejected record. */
  problems: string[] = [];
  /** Groups that could not be sent at all, with the reason. */
  failed: string[] = [];

  /**
   * Adds one request's report; answers the files that were stored in full (nothing rejected).
   */
  add(groups: Group[], report: IngestReport): SourceFile[] {
    const files = groups.flatMap((g) => g.files);
    this.requests += 1;
    this.files += files.length;
    this.bytes += files.reduce((sum, f) => sum + f.size, 0);
    this.sessions += groups.filter((g) => g.session).length;
    this.subagents += groups.reduce((sum, g) => sum + g.subagents, 0);
    if (report.project) this.projects.add(report.project);
    const byName = new Map(report.files.map((r) => [r.name, r]));
    const sameOrder = report.files.length === files.length;
    const stored: SourceFile[] = [];
    files.forEach((file, i) => {
      const r = byName.get(file.name) ?? (sameOrder ? report.files[i] : undefined);
      if (!r) {
        this.problems.push(`${file.name}: the server's answer does not mention this file`);
        return;
      }
      this.accepted += r.accepted;
      this.duplicates += r.duplicates;
      this.rejected += r.rejected;
      if (r.project) this.projects.add(r.project);
      for (const s of r.sessions ?? []) this.stored.add(`${s.project}/${s.externalId}`);
      if (r.waitingFor) this.waiting.set(r.waitingFor.externalId, (this.waiting.get(r.waitingFor.externalId) ?? 0) + 1);
      if (r.accepted + r.duplicates + r.rejected === 0) this.empty += 1;
      for (const e of r.errors) this.problems.push(describeError(file.name, e));
      if ((r.errorCount ?? 0) > r.errors.length)
        this.problems.push(`${file.name}: and ${(r.errorCount ?? 0) - r.errors.length} more errors`);
      if (r.rejected === 0) stored.push(file);
    });
    return stored;
  }

  /** The sessions still waiting for their main transcript (none sent later in the run), and their sub-agents' files. */
  waitingSessions() {
    const stored = new Set([...this.stored].map((key) => key.slice(key.indexOf("/") + 1)));
    const still = [...this.waiting].filter(([sessionId]) => !stored.has(sessionId));
    return { sessions: still.length, files: still.reduce((n, [, files]) => n + files, 0) };
  }

  /** True when something was rejected or could not be sent. */
  get hasProblems() {
    return this.rejected > 0 || this.failed.length > 0 || this.problems.length > 0;
  }

  /**
   * The closing summary, one fact per line.
   */
  summary(url: string): string[] {
    const lines = [
      `Sent ${plural(this.files, "file")} (${formatBytes(this.bytes)}) in ${plural(this.requests, "request")} to ${url}.`,
    ];
    if (this.sessions + this.subagents > 0) {
      const sub = this.subagents > 0 ? ` (with ${plural(this.subagents, "sub-agent transcript")})` : "";
      lines.push(`Sessions: ${this.sessions} sent${sub}, ${this.stored.size} stored or updated.`);
    }
    lines.push(
      `Records: ${this.accepted} accepted, ${plural(this.duplicates, "duplicate")}, ${this.rejected} rejected.`,
    );
    const waiting = this.waitingSessions();
    if (waiting.files > 0) {
      lines.push(
        `${plural(waiting.files, "sub-agent file")} waiting for their main transcript (${plural(waiting.sessions, "session")}): kept, and stored with their session once its main transcript is sent.`,
      );
    }
    if (this.empty > 0) lines.push(`${plural(this.empty, "file")} held nothing to store (empty, or a summary only).`);
    if (this.projects.size > 0) lines.push(`Projects: ${[...this.projects].sort().join(", ")}.`);
    return lines;
  }

  /** Every problem, for stderr; at most `limit` lines. */
  problemLines(limit = 50) {
    const all = [...this.failed, ...this.problems];
    if (all.length === 0) return [];
    const shown = all.slice(0, limit).map((p) => `  ${p}`);
    if (all.length > limit) shown.push(`  … and ${all.length - limit} more`);
    return [`Rejected or not sent:`, ...shown];
  }
}

/**
 * "name line 3, field successScore: expected a number", like the server's own summary.
 */
function describeError(name: string, e: RecordError) {
  const line = e.line === null || e.line === undefined ? "" : ` line ${e.line}`;
  const field = e.field ? `, field ${e.field}` : "";
  return `${name}${line}${field}: ${e.message}`;
}
