import { splitHighlights } from "@/lib/memory/highlight";

/** A search snippet as text, its matched terms in <mark> elements (never parsed as HTML). */
export function HighlightedText({ snippet }: { snippet: string }) {
  return splitHighlights(snippet).map((part, i) =>
    part.mark ? (
      <mark key={i} className="rounded-sm bg-amber-200/70 px-0.5 text-inherit dark:bg-amber-400/30">
        {part.text}
      </mark>
    ) : (
      <span key={i}>{part.text}</span>
    ),
  );
}
