import { splitHighlights, withCodeSpans } from "@/lib/memory/highlight";
import { CodeSpan } from "../code-span";

/** A search snippet as text, its matched terms in <mark> elements and its code spans in <code> (never parsed as HTML). */
export function HighlightedText({ snippet }: { snippet: string }) {
  return withCodeSpans(splitHighlights(snippet)).map((part, i) => {
    const text = part.code ? <CodeSpan>{part.text}</CodeSpan> : part.text;
    return part.mark ? (
      <mark key={i} className="rounded-sm bg-amber-200/70 px-0.5 text-inherit dark:bg-amber-400/30">
        {text}
      </mark>
    ) : (
      <span key={i}>{text}</span>
    );
  });
}
