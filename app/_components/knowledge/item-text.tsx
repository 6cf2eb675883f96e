/**
 * A knowledge line as text with its code spans as `<code>`: what uploads carried was stripped of backticks
 * before it was put in a span (lib/knowledge/code-span.ts), so every backtick pair is one span.
 */
export function ItemText({ line }: { line: string }) {
  const parts = line.split("`");
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <code key={i} className="rounded bg-zinc-100 px-1 py-0.5 font-mono text-[0.8em] break-words text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200">
            {part}
          </code>
        ) : (
          <span key={i}>{part}</span>
        ),
      )}
    </>
  );
}
