/** The record as received, pretty-printed, behind a disclosure (rendered as text, never as HTML). */
export function RawRecord({ raw }: { raw: unknown }) {
  const text = typeof raw === "string" ? raw : JSON.stringify(raw, null, 2);
  return (
    <details className="group rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
      <summary className="cursor-pointer px-4 py-2.5 text-sm font-semibold select-none">
        Raw record <span className="font-normal text-zinc-500 dark:text-zinc-400">(as received)</span>
      </summary>
      <pre className="max-h-[32rem] overflow-auto border-t border-zinc-200 p-4 font-mono text-xs leading-relaxed dark:border-zinc-800">
        {text}
      </pre>
    </details>
  );
}
