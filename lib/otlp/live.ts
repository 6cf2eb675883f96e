/**
 * What the live panel shows of the sessions whose transcript has not arrived, per project and person, from their
 * OpenTelemetry events and metrics. A session's cost is counted once: from its api_request events when it has any
 * (each request's cost), else from its cost.usage metric (a team may export only metrics).
 */

export interface LiveEventGroup {
  projectId: number;
  person: string | null;
  sessionId: string | null;
  name: string;
  events: number;
  costUsd: number | null;
  failures: number;
  rejections: number;
}

export interface LiveMetricGroup {
  projectId: number;
  person: string | null;
  sessionId: string | null;
  costUsd: number;
}

export interface LiveRow {
  projectId: number;
  /** Null when Claude Code sent no email nor account id. */
  person: string | null;
  sessions: number;
  costUsd: number;
  apiRequests: number;
  apiErrors: number;
  toolResults: number;
  toolFailures: number;
  decisions: number;
  rejections: number;
  prompts: number;
}

const emptyRow = (projectId: number, person: string | null): LiveRow => ({
  projectId,
  person,
  sessions: 0,
  costUsd: 0,
  apiRequests: 0,
  apiErrors: 0,
  toolResults: 0,
  toolFailures: 0,
  decisions: 0,
  rejections: 0,
  prompts: 0,
});

const personKey = (projectId: number, person: string | null) => `${projectId}\u0000${person ?? ""}`;
const sessionKey = (projectId: number, person: string | null, sessionId: string | null) =>
  `${personKey(projectId, person)}\u0000${sessionId ?? ""}`;

/** One row per project and person, most costly first. */
export function liveRows(events: readonly LiveEventGroup[], metrics: readonly LiveMetricGroup[]): LiveRow[] {
  const rows = new Map<string, LiveRow>();
  const sessions = new Set<string>();
  const costedByEvents = new Set<string>();
  const row = (projectId: number, person: string | null) => {
    const key = personKey(projectId, person);
    let found = rows.get(key);
    if (!found) rows.set(key, (found = emptyRow(projectId, person)));
    return found;
  };
  const countSession = (projectId: number, person: string | null, sessionId: string | null) => {
    const key = sessionKey(projectId, person, sessionId);
    if (sessions.has(key)) return;
    sessions.add(key);
    row(projectId, person).sessions += 1;
  };
  for (const group of events) {
    const r = row(group.projectId, group.person);
    countSession(group.projectId, group.person, group.sessionId);
    if (group.name === "api_request") {
      r.apiRequests += group.events;
      r.costUsd += group.costUsd ?? 0;
      costedByEvents.add(sessionKey(group.projectId, group.person, group.sessionId));
    } else if (group.name === "api_error") r.apiErrors += group.events;
    else if (group.name === "tool_result") {
      r.toolResults += group.events;
      r.toolFailures += group.failures;
    } else if (group.name === "tool_decision") {
      r.decisions += group.events;
      r.rejections += group.rejections;
    } else if (group.name === "user_prompt") r.prompts += group.events;
  }
  for (const group of metrics) {
    countSession(group.projectId, group.person, group.sessionId);
    if (!costedByEvents.has(sessionKey(group.projectId, group.person, group.sessionId)))
      row(group.projectId, group.person).costUsd += group.costUsd;
  }
  return [...rows.values()].sort((a, b) => b.costUsd - a.costUsd || (a.person ?? "").localeCompare(b.person ?? ""));
}

/** The rows of each project added up, one per project. */
export function projectTotals(rows: readonly LiveRow[]): LiveRow[] {
  const totals = new Map<number, LiveRow>();
  for (const r of rows) {
    const t = totals.get(r.projectId) ?? emptyRow(r.projectId, null);
    totals.set(r.projectId, {
      ...t,
      sessions: t.sessions + r.sessions,
      costUsd: t.costUsd + r.costUsd,
      apiRequests: t.apiRequests + r.apiRequests,
      apiErrors: t.apiErrors + r.apiErrors,
      toolResults: t.toolResults + r.toolResults,
      toolFailures: t.toolFailures + r.toolFailures,
      decisions: t.decisions + r.decisions,
      rejections: t.rejections + r.rejections,
      prompts: t.prompts + r.prompts,
    });
  }
  return [...totals.values()];
}
