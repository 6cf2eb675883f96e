import Link from "next/link";
import { Button } from "../button";
import { overviewHref, presetRange, PRESETS, type OverviewState } from "./overview-state";

const chip =
  "rounded-md px-2.5 py-1 text-sm text-zinc-600 hover:bg-zinc-100 aria-[current=true]:bg-zinc-900 aria-[current=true]:text-white dark:text-zinc-300 dark:hover:bg-zinc-800 dark:aria-[current=true]:bg-zinc-100 dark:aria-[current=true]:text-zinc-900";
const field = "rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900";

/**
 * The overview's scope as plain links and a GET form, so it works without JavaScript and every view is a URL.
 * Presets end on `lastDay`, the last day with sessions, so they always show data.
 */
export function RangeControl({
  state,
  lastDay,
  projects,
  agents,
}: {
  state: OverviewState;
  lastDay: string | null;
  projects: { slug: string; name: string }[];
  /** The agents with sessions in scope: a choice is offered when there are several (or one is chosen). */
  agents: string[];
}) {
  const presets = lastDay ? PRESETS.map((p) => ({ label: p.label, range: presetRange(lastDay, p.days) })) : [];
  const isAll = !state.from && !state.to;
  return (
    <div className="mb-5 flex flex-wrap items-center gap-x-4 gap-y-2">
      <nav aria-label="Date range presets" className="flex items-center gap-1">
        {presets.map(({ label, range }) => (
          <Link
            key={label}
            href={overviewHref({ ...state, ...range })}
            aria-current={state.from === range.from && state.to === range.to}
            className={chip}
          >
            {label}
          </Link>
        ))}
        <Link href={overviewHref({ project: state.project, agent: state.agent })} aria-current={isAll} className={chip}>
          All
        </Link>
      </nav>
      <form
        action="/"
        method="get"
        role="search"
        aria-label="Overview scope"
        className="flex flex-wrap items-center gap-2"
      >
        <label className="flex items-center gap-1 text-sm text-zinc-500 dark:text-zinc-400">
          Project
          <select key={state.project ?? ""} name="project" defaultValue={state.project ?? ""} className={field}>
            <option value="">All projects</option>
            {projects.map((p) => (
              <option key={p.slug} value={p.slug}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        {(agents.length > 1 || state.agent) && (
          <label className="flex items-center gap-1 text-sm text-zinc-500 dark:text-zinc-400">
            Agent
            <select key={state.agent ?? ""} name="agent" defaultValue={state.agent ?? ""} className={field}>
              <option value="">All agents</option>
              {[...new Set([...agents, ...(state.agent ? [state.agent] : [])])].map((agent) => (
                <option key={agent} value={agent}>
                  {agent}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="flex items-center gap-1 text-sm text-zinc-500 dark:text-zinc-400">
          From
          <input type="date" name="from" defaultValue={state.from ?? ""} className={field} />
        </label>
        <label className="flex items-center gap-1 text-sm text-zinc-500 dark:text-zinc-400">
          To
          <input type="date" name="to" defaultValue={state.to ?? ""} className={field} />
        </label>
        <Button type="submit" variant="primary">
          Apply
        </Button>
      </form>
    </div>
  );
}
