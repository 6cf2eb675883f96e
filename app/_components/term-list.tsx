/** Terms and their values side by side (stacked on narrow screens): the figures of a panel. */
export function TermList({ items }: { items: readonly (readonly [string, string])[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-1.5 sm:grid-cols-[auto_1fr]">
      {items.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-zinc-500 dark:text-zinc-400">{term}</dt>
          <dd className="tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
