import Form from "next/form";
import Link from "next/link";
import type { MemorySearch } from "@/lib/memory/contract";
import { DEFAULT_LIMIT } from "@/lib/memory/memory-query";
import { Button, buttonClass } from "../button";
import { clearedHref, hasFilters } from "./memories-href";
import { SearchBox } from "./search-box";
import { FIELD, LABEL } from "./styles";

const MIN_CONFIDENCE = [0.25, 0.5, 0.75, 0.9];

/**
 * The search bar: a GET form, so every view is a link and works without JavaScript. The facets and tags
 * set the other filters through links; hidden fields carry them through a submit.
 */
export function MemoryFilters({ search }: { search: MemorySearch }) {
  const minimum =
    search.minConfidence && !MIN_CONFIDENCE.includes(search.minConfidence)
      ? [search.minConfidence, ...MIN_CONFIDENCE]
      : MIN_CONFIDENCE;
  return (
    <Form
      action="/memories"
      role="search"
      aria-label="Search memories"
      className="mb-4 flex flex-wrap items-end gap-3 rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <SearchBox />
      <label className={LABEL}>
        Confidence now
        <select name="minConfidence" defaultValue={search.minConfidence ?? ""} className={FIELD}>
          <option value="">Any</option>
          {minimum.map((value) => (
            <option key={value} value={value}>
              {`at least ${Math.round(value * 100)}%`}
            </option>
          ))}
        </select>
      </label>
      <label className={LABEL}>
        Updated from
        <input type="date" name="from" defaultValue={search.from ?? ""} className={FIELD} />
      </label>
      <label className={LABEL}>
        Updated to
        <input type="date" name="to" defaultValue={search.to ?? ""} className={FIELD} />
      </label>
      {search.project && <input type="hidden" name="project" value={search.project} />}
      {search.category && <input type="hidden" name="category" value={search.category} />}
      {search.tag && <input type="hidden" name="tag" value={search.tag} />}
      {search.sort && <input type="hidden" name="sort" value={search.sort} />}
      {search.limit !== DEFAULT_LIMIT && <input type="hidden" name="limit" value={search.limit} />}
      <div className="flex gap-2">
        <Button type="submit" variant="primary">
          Apply
        </Button>
        {hasFilters(search) && (
          <Link href={clearedHref(search)} className={buttonClass({ variant: "ghost" })}>
            Clear all
          </Link>
        )}
      </div>
    </Form>
  );
}
