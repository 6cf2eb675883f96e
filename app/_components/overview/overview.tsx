import { CostValue } from "@/app/_components/cost/cost-value";
import { Panel } from "@/app/_components/panel";
import { ToolChart } from "@/app/_components/session/tool-chart";
import {
  agentStats,
  categoryCounts,
  dailyStats,
  latestStart,
  modelTokens,
  recentFailures,
  topTools,
  weakestDomains,
  type ModelTokenRow,
  type ProjectScope,
} from "@/lib/server/overview";
import type { ProjectSummary } from "@/lib/server/projects";
import type { Cost } from "@/lib/cost/cost";
import { formatCount, formatPercent, formatQuantity } from "@/lib/format";
import type { RawQuery } from "@/lib/lenient-query";
import { PRICE_TABLE, pricedBy, pricedTotal } from "@/lib/cost/priced";
import { projectScore, readableScore } from "@/lib/server/score";
import { PageHeader } from "../page-header";
import { CategoryTable } from "./category-table";
import { AgentTable, CostTable, type CostRow } from "./cost-tables";
import { CostChart, SessionsChart, SuccessChart } from "./daily-charts";
import { DAY_PLACEHOLDER, dailySeries, daysNeedYear } from "./daily-series";
import { isoDay, overviewHref, parseOverviewState } from "./overview-state";
import { RangeControl } from "./range-control";
import { RecentFailures } from "./recent-failures";
import { ScorePanel } from "./score-panel";
import { WeakestDomains } from "./weakest-domains";
import { getDb } from "@/lib/server/database";

/**
 * The home page once data exists. Scope lives in the URL (`from`, `to`, `project`). Every figure links to the
 * sessions behind it; a project's sessions list is the target, so instance-wide figures link per project, and
 * clicking a day in a chart narrows the instance-wide overview to that day (where each count links per project)
 * or, with a project chosen, opens that project's sessions of the day. Every figure keeps to the projects the
 * viewer may read (`projects`, whose ids are `readable` unless that is "all").
 */
export async function Overview({
  raw,
  projects,
  readable,
}: {
  raw: RawQuery;
  projects: ProjectSummary[];
  readable: ProjectScope;
}) {
  const { state, ignored } = parseOverviewState(raw);
  const project = state.project ? projects.find((p) => p.slug === state.project) : undefined;
  if (state.project && !project) {
    ignored.push("project");
    delete state.project;
  }
  const filter = { readable, projectId: project?.id ?? null, from: state.from, to: state.to, agent: state.agent };
  const range = { from: state.from, to: state.to, agent: state.agent };
  const latest = await latestStart(getDb(), filter);
  const agents = await agentStats(getDb(), filter);
  const tokens = await modelTokens(getDb(), filter);
  const dayCosts = new Map([...pricedBy(tokens, (r) => r.day)].map(([day, cost]) => [day, cost.pricedUsd]));
  const days = dailySeries(await dailyStats(getDb(), filter), dayCosts);
  const sessions = days.reduce((sum, d) => sum + d.sessions, 0);
  const successSum = days.reduce((sum, d) => sum + (d.success ?? 0) * d.sessions, 0);
  const score = project ? await projectScore(getDb(), project.slug) : await readableScore(getDb(), readable);
  const agentCosts =
    agents.length > 1 ? pricedBy(await modelTokens(getDb(), { ...filter, agent: undefined }), (r) => r.agent) : null;
  const categories = sessions > 0 ? await categoryCounts(getDb(), filter) : null;
  const weakest = await weakestDomains(getDb(), filter);
  const failures = await recentFailures(getDb(), filter);
  // eslint-disable-next-line react-hooks/purity -- a server component renders once per request; "now" is that request's time.
  const today = isoDay(Date.now());
  const withYear = daysNeedYear(
    days.map((d) => d.day),
    today,
  );
  const dayHref = project
    ? `/projects/${encodeURIComponent(project.slug)}?from=${DAY_PLACEHOLDER}&to=${DAY_PLACEHOLDER}`
    : `/?from=${DAY_PLACEHOLDER}&to=${DAY_PLACEHOLDER}`;
  const scope = project ? project.name : formatQuantity(projects.length, "project");
  const period = state.from || state.to ? `${state.from ?? "start"} to ${state.to ?? "today"}` : "all time";
  const total = pricedTotal(tokens);

  return (
    <>
      <PageHeader
        title="Overview"
        description={`${scope} · ${period} · ${formatQuantity(sessions, "session")}${sessions > 0 ? ` · ${formatPercent(successSum / sessions)} mean success` : ""}`}
      />
      <RangeControl
        state={state}
        lastDay={latest === null ? null : isoDay(latest)}
        projects={projects}
        agents={agents.map((a) => a.agent)}
      />
      {ignored.length > 0 && (
        <p
          role="status"
          className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-400/10 dark:text-amber-200"
        >
          Ignored invalid {ignored.length === 1 ? "parameter" : "parameters"}: {ignored.join(", ")}.
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        {score && (
          <Panel
            title="Intelligence score"
            id="score"
            aside={project ? project.name : readable === "all" ? "whole instance" : "your projects"}
            className="lg:col-span-2"
          >
            <ScorePanel report={score.report} />
          </Panel>
        )}
        <Panel title="Success rate per day" id="success" aside="click a day for its sessions">
          {days.length > 0 ? <SuccessChart data={days} dayHref={dayHref} withYear={withYear} /> : <NoData />}
        </Panel>
        <Panel title="Sessions per day" id="sessions" aside={`${formatCount(sessions)} in range`}>
          {days.length > 0 ? <SessionsChart data={days} dayHref={dayHref} withYear={withYear} /> : <NoData />}
        </Panel>
        {agentCosts && (
          <Panel
            title="Agents side by side"
            id="agents"
            aside={`prices of ${PRICE_TABLE.version}`}
            className="lg:col-span-2"
            flush
          >
            <AgentTable agents={agents} costs={agentCosts} hrefOf={(agent) => overviewHref({ ...state, agent })} />
          </Panel>
        )}
        <Panel title="Cost per day" id="cost-per-day" aside={`priced tokens · prices of ${PRICE_TABLE.version}`}>
          {tokens.length > 0 ? <CostChart data={days} dayHref={dayHref} withYear={withYear} /> : <NoCost />}
        </Panel>
        <Panel title="Cost" id="cost" aside={<TotalCost cost={total} />} flush>
          <CostTable rows={costRows(tokens, project ? null : projects)} by={project ? "Model" : "Project"} />
        </Panel>
        <Panel title="Category mix" id="categories" aside="sessions; click a count" flush>
          {categories ? <CategoryTable counts={categories} range={range} /> : <NoData />}
        </Panel>
        <ToolPanel filter={filter} />
        <Panel title="Weakest domains" id="weakest" aside="lowest mean success, n ≥ 3" flush>
          <WeakestDomains rows={weakest} range={range} showProject={!project} />
        </Panel>
        <Panel title="Recent failures" id="failures" aside="last 10 in category error" flush>
          <RecentFailures rows={failures} showProject={!project} />
        </Panel>
      </div>
    </>
  );
}

async function ToolPanel({ filter }: { filter: Parameters<typeof topTools>[1] }) {
  const tools = await topTools(getDb(), filter);
  return (
    <Panel title="Tool usage" id="tools" aside="top 10 by calls">
      {tools.length > 0 ? <ToolChart data={tools} /> : <NoData />}
    </Panel>
  );
}

/** Per model within one project, else per project (linking to its overview): tokens and cost, most expensive first. */
function costRows(tokens: ModelTokenRow[], projects: ProjectSummary[] | null): CostRow[] {
  const keyOf = projects ? (r: ModelTokenRow) => r.slug : (r: ModelTokenRow) => r.model;
  const counts = new Map<string, number>();
  for (const r of tokens)
    counts.set(keyOf(r), (counts.get(keyOf(r)) ?? 0) + r.input + r.output + r.cacheRead + r.cacheCreation);
  const names = new Map(projects?.map((p) => [p.slug, p.name]));
  return [...pricedBy(tokens, keyOf)]
    .map(([key, cost]) => ({
      key,
      label: projects ? (names.get(key) ?? key) : key || "unnamed model",
      href: projects ? overviewHref({ project: key }) : undefined,
      tokens: counts.get(key) ?? 0,
      cost,
    }))
    .sort((a, b) => b.cost.pricedUsd - a.cost.pricedUsd || a.key.localeCompare(b.key));
}

function TotalCost({ cost }: { cost: Cost }) {
  return (
    <span>
      <CostValue cost={cost} /> · prices of {PRICE_TABLE.version}
    </span>
  );
}

function NoCost() {
  return (
    <p className="p-4 text-sm text-zinc-500 dark:text-zinc-400">
      No session in this range has its tokens counted per model.
    </p>
  );
}

function NoData() {
  return (
    <p className="p-4 text-sm text-zinc-500 dark:text-zinc-400">
      No sessions in this range. Pick a wider range or “All”.
    </p>
  );
}
