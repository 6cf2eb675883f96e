import Link from "next/link";
import { categoryStyle } from "@/app/_components/category-style";
import { Table, Td, Th, Tr } from "@/app/_components/table";
import type { ProjectCategoryCount } from "@/lib/server/overview";
import { formatCount } from "@/lib/format";
import { MEMORY_CATEGORIES } from "@/lib/session";
import { filteredSessionsHref } from "./overview-state";

const link =
  "text-zinc-900 underline decoration-zinc-300 underline-offset-2 hover:decoration-zinc-900 dark:text-zinc-100 dark:decoration-zinc-600 dark:hover:decoration-zinc-100";

/**
 * Sessions per project (rows) and category (columns), so the columns stay the five categories however many
 * projects there are; every count links to that project's filtered sessions, and an "All" row totals them.
 */
export function CategoryTable({
  counts,
  range,
}: {
  counts: ProjectCategoryCount[];
  range: { from?: string; to?: string };
}) {
  const projects = [...new Map(counts.map((c) => [c.slug, c.name])).entries()];
  const count = (slug: string, category: string) =>
    counts.find((c) => c.slug === slug && c.category === category)?.count ?? 0;
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  return (
    <Table caption="Sessions per category and project" framed={false}>
      <thead>
        <tr>
          <Th>Project</Th>
          {MEMORY_CATEGORIES.map((category) => (
            <Th key={category} numeric>
              <span className="inline-flex items-center gap-1.5">
                <span aria-hidden className={`size-2 rounded-full ${categoryStyle(category).swatch}`} />
                {/* A phone gets the first letters, so the five columns fit beside the project names. */}
                <abbr title={category} className="no-underline sm:hidden" aria-hidden>
                  {category.slice(0, 3)}
                </abbr>
                <span className="sr-only sm:not-sr-only">{category}</span>
              </span>
            </Th>
          ))}
        </tr>
      </thead>
      <tbody>
        {projects.map(([slug, name]) => (
          <Tr key={slug}>
            <Td className="break-words">{name}</Td>
            {MEMORY_CATEGORIES.map((category) => {
              const n = count(slug, category);
              return (
                <Td key={category} numeric>
                  {n === 0 ? (
                    <span className="text-zinc-400">0</span>
                  ) : (
                    <Link
                      href={filteredSessionsHref(slug, { category, ...range })}
                      className={link}
                      aria-label={`${formatCount(n)} ${category} sessions in ${name}`}
                    >
                      {formatCount(n)}
                    </Link>
                  )}
                </Td>
              );
            })}
          </Tr>
        ))}
        {projects.length > 1 && (
          <Tr>
            <Td className="font-medium">All</Td>
            {MEMORY_CATEGORIES.map((category) => {
              const column = projects.reduce((sum, [slug]) => sum + count(slug, category), 0);
              return (
                <Td key={category} numeric>
                  {formatCount(column)}
                  <span className="ml-1 hidden text-xs text-zinc-400 sm:inline">
                    {total > 0 ? `${Math.round((column / total) * 100)}%` : ""}
                  </span>
                </Td>
              );
            })}
          </Tr>
        )}
      </tbody>
    </Table>
  );
}
