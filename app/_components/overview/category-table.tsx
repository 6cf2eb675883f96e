import Link from "next/link";
import { categoryStyle } from "@/app/_components/category-style";
import { Table, Td, Th, Tr } from "@/app/_components/table";
import type { ProjectCategoryCount } from "@/db/queries/overview";
import { formatCount } from "@/lib/format";
import { MEMORY_CATEGORIES } from "@/lib/trajectory";
import { filteredSessionsHref } from "./overview-state";

const link = "text-zinc-900 underline decoration-zinc-300 underline-offset-2 hover:decoration-zinc-900 dark:text-zinc-100 dark:decoration-zinc-600 dark:hover:decoration-zinc-100";

/** Sessions per category (rows) and project (columns); every count links to that project's filtered sessions. */
export function CategoryTable({ counts, range }: { counts: ProjectCategoryCount[]; range: { from?: string; to?: string } }) {
  const projects = [...new Map(counts.map((c) => [c.slug, c.name])).entries()];
  const count = (slug: string, category: string) => counts.find((c) => c.slug === slug && c.category === category)?.count ?? 0;
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  return (
    <Table caption="Sessions per category and project" framed={false}>
      <thead>
        <tr>
          <Th>Category</Th>
          {projects.map(([slug, name]) => (
            <Th key={slug} numeric>
              {name}
            </Th>
          ))}
          {projects.length > 1 && <Th numeric>All</Th>}
        </tr>
      </thead>
      <tbody>
        {MEMORY_CATEGORIES.map((category) => {
          const row = projects.reduce((sum, [slug]) => sum + count(slug, category), 0);
          return (
            <Tr key={category}>
              <Td>
                <span className="flex items-center gap-2">
                  <span aria-hidden className={`size-2 rounded-full ${categoryStyle(category).swatch}`} />
                  {category}
                </span>
              </Td>
              {projects.map(([slug, name]) => {
                const n = count(slug, category);
                return (
                  <Td key={slug} numeric>
                    {n === 0 ? (
                      <span className="text-zinc-400">0</span>
                    ) : (
                      <Link href={filteredSessionsHref(slug, { category, ...range })} className={link} aria-label={`${formatCount(n)} ${category} sessions in ${name}`}>
                        {formatCount(n)}
                      </Link>
                    )}
                  </Td>
                );
              })}
              {projects.length > 1 && (
                <Td numeric>
                  {formatCount(row)}
                  <span className="ml-1 text-xs text-zinc-400">{total > 0 ? `${Math.round((row / total) * 100)}%` : ""}</span>
                </Td>
              )}
            </Tr>
          );
        })}
      </tbody>
    </Table>
  );
}
