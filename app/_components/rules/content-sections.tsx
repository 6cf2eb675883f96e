import type { DomainSuccess } from "@/lib/guidance/checklists";
import type { Checklist, CrossProjectItem, Lesson, PinnedMemory, Strength } from "@/lib/guidance/contract";
import Link from "next/link";
import { formatPercent, formatQuantity, humanize } from "@/lib/format";
import { Panel } from "../panel";
import { ruleHref } from "./view";

const muted = "text-xs text-zinc-500 tabular-nums dark:text-zinc-400";

/** Memories people pinned: they never decay and always reach the guidance. */
export function PinnedPanel({ pinned }: { pinned: PinnedMemory[] }) {
  if (pinned.length === 0) return null;
  return (
    <Panel title="Pinned by your team" id="pinned" aside="always in the guidance" className="lg:col-span-2">
      <ul className="space-y-2">
        {pinned.map((m) => (
          <li key={m.id} className="text-sm text-pretty">
            {m.content}{" "}
            <span className={muted}>
              · {m.category}
              {m.pinnedBy ? ` · pinned by ${m.pinnedBy}` : ""}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-zinc-500 dark:text-zinc-400">
        Pin or unpin on the{" "}
        <Link href="/memories" className="font-medium text-sky-700 hover:underline dark:text-sky-300">
          Memories
        </Link>{" "}
        page.
      </p>
    </Panel>
  );
}

/** Failure lessons per domain. */
export function LessonsPanel({ lessons }: { lessons: Lesson[] }) {
  return (
    <Panel title="Failure lessons" id="lessons" aside={formatQuantity(lessons.length, "lesson")}>
      {lessons.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">
          No domain has enough failed and successful sessions to compare.
        </p>
      ) : (
        <ul className="space-y-3">
          {lessons.map((l) => (
            <li key={l.key}>
              <p className="text-sm text-pretty">{l.text}</p>
              <p className={muted}>
                {humanize(l.domain)} · {l.failed} failed vs {l.succeeded} successful sessions
              </p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** "testing (3 sessions) is at 57%", "testing (3 sessions) and debugging (1 session) are at 57% and 20%". */
function belowWithFewSessions(domains: readonly DomainSuccess[]): string {
  const names = domains.map((d) => `${humanize(d.domain)} (${formatQuantity(d.sessions, "session")})`);
  const rates = domains.map((d) => formatPercent(d.avgSuccess));
  const list = (items: string[]) =>
    items.length === 1 ? items[0] : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
  return `${list(names)} ${domains.length === 1 ? "is" : "are"} at ${list(rates)}`;
}

/**
 * Checklists for domains averaging under 70% over at least `minGroup` sessions, and the domains under 70% with
 * fewer (`fewSessions`), named so that no checklist never reads as no weak domain.
 */
export function ChecklistsPanel({
  checklists,
  fewSessions,
  minGroup,
}: {
  checklists: Checklist[];
  fewSessions: DomainSuccess[];
  minGroup: number;
}) {
  const few =
    fewSessions.length > 0 ? `${belowWithFewSessions(fewSessions)}: too few sessions for a checklist yet.` : null;
  return (
    <Panel title="Checklists" id="checklists" aside={`domains under 70% over ${minGroup}+ sessions`}>
      {checklists.length === 0 ? (
        <p className="text-sm text-pretty text-zinc-500 dark:text-zinc-400">
          {few === null
            ? "No domain averages under 70% success."
            : `No domain with at least ${minGroup} sessions averages under 70% success; ${few}`}
        </p>
      ) : (
        <div className="space-y-4">
          {checklists.map((c) => (
            <div key={c.domain}>
              <h3 className="text-sm font-medium">
                {humanize(c.domain)}{" "}
                <span className={muted}>
                  · {formatPercent(c.mean)} over {formatQuantity(c.n, "session")}
                </span>
              </h3>
              <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm">
                {c.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
          ))}
          {few !== null && <p className="text-sm text-pretty text-zinc-500 dark:text-zinc-400">{few}</p>}
        </div>
      )}
    </Panel>
  );
}

/** Domains at 80% or more over three or more sessions. */
export function StrengthsPanel({ strengths }: { strengths: Strength[] }) {
  return (
    <Panel title="Strengths to keep" id="strengths" aside="domains at 80%+">
      {strengths.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">
          No domain reaches 80% success over three or more sessions yet.
        </p>
      ) : (
        <ul className="space-y-2">
          {strengths.map((s) => (
            <li key={s.domain}>
              <p className="text-sm text-pretty">{s.text}</p>
              <p className={muted}>
                {humanize(s.domain)} · {formatPercent(s.mean)} over {formatQuantity(s.n, "session")}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** Patterns proven in two or more projects, and rules supported in other projects (only projects whose lessons may reach this one). */
export function CrossProjectPanel({ items }: { items: CrossProjectItem[] }) {
  return (
    <Panel title="From other projects" id="cross-project" aside={formatQuantity(items.length, "item")}>
      {items.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">
          Nothing qualifies yet: patterns need to hold in two or more projects; another project&apos;s rule needs a
          randomised test there, or this project&apos;s data pointing the same way. Only projects everyone here may
          read, or that an admin shared with this one, count.
        </p>
      ) : (
        <ul className="space-y-2">
          {items.map((item) => (
            <li key={item.key}>
              <p className="text-sm text-pretty">{item.text}</p>
              <p className={muted}>
                {item.kind === "pattern" ? "Pattern" : "Rule"} ·{" "}
                {item.projects.map((project, i) => (
                  <span key={project}>
                    {i > 0 && ", "}
                    {item.kind === "rule" ? (
                      <Link
                        href={ruleHref(project, item.key.slice("rule:".length))}
                        className="text-sky-700 hover:underline dark:text-sky-300"
                      >
                        {project}: its evidence
                      </Link>
                    ) : (
                      project
                    )}
                  </span>
                ))}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
