import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { buttonClass } from "@/app/_components/button";
import { Panel } from "@/app/_components/panel";
import { EvidenceTable } from "@/app/_components/rules/evidence-table";
import { GroupChart } from "@/app/_components/rules/group-chart";
import { HistoryTable } from "@/app/_components/rules/history-table";
import { RuleSessions } from "@/app/_components/rules/rule-sessions";
import { RuleTestPanel } from "@/app/_components/rules/rule-test-panel";
import { StatusBadge } from "@/app/_components/rules/status-badge";
import { STATUS_TEXT, evidenceLine, sourceLabel } from "@/app/_components/rules/view";
import { formatDate, humanize } from "@/lib/format";
import { requireViewer } from "@/lib/server/auth/viewer";
import { loadProject } from "../../load-project";
import { loadRule, loadRuleSessions } from "../load-rules";

type Props = { params: Promise<{ slug: string; key: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug, key } = await params;
  const detail =
    (await loadProject((await requireViewer()).access, slug)) && (await loadRule(slug, decodeURIComponent(key)));
  return { title: detail ? detail.entry.rule.instruction : "Rule not found" };
}

const SESSION_LIMIT = 20;

export default async function RulePage({ params }: Props) {
  const { slug, key: rawKey } = await params;
  const key = decodeURIComponent(rawKey);
  if (!(await loadProject((await requireViewer()).access, slug))) notFound();
  const detail = await loadRule(slug, key);
  if (!detail) notFound();
  const { entry, history } = detail;
  const { rule, status } = entry;
  const sides = await loadRuleSessions(slug, key, SESSION_LIMIT);
  if (!sides) notFound();
  const rulesHref = `/projects/${encodeURIComponent(slug)}/rules`;

  return (
    <div className="space-y-4">
      <div>
        <Link
          href={rulesHref}
          className="text-sm text-zinc-500 hover:text-zinc-900 hover:underline dark:text-zinc-400 dark:hover:text-zinc-100"
        >
          ← All rules
        </Link>
        <div className="mt-2 flex flex-wrap items-center gap-2 text-xs text-zinc-500 dark:text-zinc-400">
          <StatusBadge status={status} />
          <span>{sourceLabel(rule.source)}</span>
          {rule.domain && <span>· {humanize(rule.domain)}</span>}
          <span className="font-mono">· {rule.key}</span>
        </div>
        <h2 className="mt-1.5 text-lg font-semibold text-pretty">{rule.instruction}</h2>
        <p className="mt-1 text-sm text-zinc-600 tabular-nums dark:text-zinc-400">{evidenceLine(rule)}</p>
        <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
          {STATUS_TEXT[status]}
          {status === "retired" && entry.retiredAt != null && ` Retired on ${formatDate(entry.retiredAt)}`}
          {status === "retired" && entry.retiredReason && `: ${entry.retiredReason}`}
        </p>
        {entry.adrHref && (
          <a href={entry.adrHref} download className={buttonClass({ className: "mt-3" })}>
            Download ADR
          </a>
        )}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title="Success with and without" id="chart">
          <GroupChart
            evidence={rule.evidence}
            title="Mean success by group, with the difference's 95% interval"
            height={150}
          />
          <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">
            Whiskers: the 95% interval of the difference, drawn from the other group&apos;s mean (dashed line). Clear of
            the line, the interval excludes zero.
          </p>
        </Panel>
        <Panel title="Numbers behind the interval" id="numbers" flush>
          <EvidenceTable evidence={rule.evidence} />
        </Panel>
        <Panel title="Sessions with the behaviour" id="with" aside={`${rule.evidence.with.n} sessions`} flush>
          <RuleSessions title="Sessions with the behaviour" sessions={sides.with.items} total={sides.with.total} />
        </Panel>
        <Panel title="Sessions without it" id="without" aside={`${rule.evidence.without.n} sessions`} flush>
          <RuleSessions
            title="Sessions without the behaviour"
            sessions={sides.without.items}
            total={sides.without.total}
          />
        </Panel>
        <RuleTestPanel slug={slug} ruleKey={rule.key} test={rule.test} />
        <Panel title="History over guidance generations" id="history" className="lg:col-span-2" flush>
          {history.length > 0 ? (
            <HistoryTable history={history} />
          ) : (
            <p className="p-4 text-sm text-zinc-500 dark:text-zinc-400">No stored generation holds this rule yet.</p>
          )}
        </Panel>
      </div>
    </div>
  );
}
