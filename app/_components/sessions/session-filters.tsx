import Form from "next/form";
import Link from "next/link";
import { Button, buttonClass } from "../button";
import type { Facet } from "@/lib/server/sessions";
import { DEFAULT_LIMIT, SESSION_SORTS, type SessionSort } from "@/lib/session-list";
import { humanize } from "@/lib/format";
import { hasFilters, sessionsHref, type ListState } from "./list-href";

const FIELD =
  "h-8 rounded-md border border-zinc-300 bg-white px-2 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100";
const LABEL = "flex flex-col gap-1 text-xs font-medium text-zinc-500 dark:text-zinc-400";
const SORT_LABELS: Record<SessionSort, string> = {
  started: "Started",
  success: "Success",
  operations: "Operations",
  duration: "Duration",
};

/** Options with counts; a selected value that no session has any more is kept so the form shows the truth. */
function FacetSelect({
  name,
  label,
  all,
  facets,
  value,
  pretty,
}: {
  name: string;
  label: string;
  all: string;
  facets: Facet[];
  value?: string;
  pretty?: (v: string) => string;
}) {
  const options = value && !facets.some((f) => f.value === value) ? [...facets, { value, count: 0 }] : facets;
  return (
    <label className={LABEL}>
      {label}
      <select name={name} defaultValue={value ?? ""} className={`${FIELD} min-w-36`}>
        <option value="">{all}</option>
        {options.map((f) => (
          <option key={f.value} value={f.value}>
            {`${pretty ? pretty(f.value) : f.value} (${f.count.toLocaleString("en-US")})`}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The filter bar: a GET form, so every filter is in the URL and works without JavaScript. */
export function SessionFilters({
  slug,
  state,
  categories,
  domains,
  agents,
}: {
  slug: string;
  state: ListState;
  categories: Facet[];
  domains: Facet[];
  agents: Facet[];
}) {
  return (
    <Form
      action={`/projects/${encodeURIComponent(slug)}`}
      role="search"
      aria-label="Filter sessions"
      className="mb-4 flex flex-wrap items-end gap-3 rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <label className={`${LABEL} min-w-48 flex-1`}>
        Search
        <input
          type="search"
          name="q"
          defaultValue={state.q ?? ""}
          placeholder="Task or session id"
          maxLength={200}
          className={FIELD}
        />
      </label>
      <FacetSelect name="category" label="Category" all="All categories" facets={categories} value={state.category} />
      <FacetSelect
        name="domain"
        label="Domain"
        all="All domains"
        facets={domains}
        value={state.domain}
        pretty={humanize}
      />
      {/* Only a project fed by more than one agent has a choice to make (or a link that already chose one). */}
      {(agents.length > 1 || state.agent) && (
        <FacetSelect name="agent" label="Agent" all="All agents" facets={agents} value={state.agent} />
      )}
      <label className={LABEL}>
        From
        <input type="date" name="from" defaultValue={state.from ?? ""} className={FIELD} />
      </label>
      <label className={LABEL}>
        To
        <input type="date" name="to" defaultValue={state.to ?? ""} className={FIELD} />
      </label>
      {/* The column headers sort on wider screens; these selects (hidden there, yet still submitted) keep the order. */}
      <label className={`${LABEL} sm:hidden`}>
        Sort by
        <select name="sort" defaultValue={state.sort} className={FIELD}>
          {SESSION_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </label>
      <label className={`${LABEL} sm:hidden`}>
        Order
        <select name="dir" defaultValue={state.dir} className={FIELD}>
          <option value="desc">Descending</option>
          <option value="asc">Ascending</option>
        </select>
      </label>
      {state.limit !== DEFAULT_LIMIT && <input type="hidden" name="limit" value={state.limit} />}
      <div className="flex gap-2">
        <Button type="submit" variant="primary">
          Apply
        </Button>
        {hasFilters(state) && (
          <Link
            href={sessionsHref(slug, { sort: state.sort, dir: state.dir, limit: state.limit })}
            className={buttonClass({ variant: "ghost" })}
          >
            Clear
          </Link>
        )}
      </div>
    </Form>
  );
}
