/** Inline code in running text: a command, a path or an error an upload carried. */
export function CodeSpan({ children }: { children: React.ReactNode }) {
  return (
    <code className="rounded bg-zinc-100 px-1 py-0.5 font-mono text-[0.8em] break-words text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200">
      {children}
    </code>
  );
}

/**
 * Text whose backtick pairs are code spans, shown as `<code>`: knowledge lines (what uploads carried was stripped
 * of backticks before it was put in a span, lib/knowledge/code-span.ts, so every pair is one span) and Starlight's
 * own descriptions.
 */
export function TextWithCode({ text }: { text: string }) {
  return text
    .split("`")
    .map((part, i) => (i % 2 === 1 ? <CodeSpan key={i}>{part}</CodeSpan> : <span key={i}>{part}</span>));
}
