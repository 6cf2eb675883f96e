import { splitHighlights, withCodeSpans, type HighlightPart } from "@/lib/memory/highlight";
import { CodeSpan } from "../code-span";

/** The runs of a segment; in code (`tight`) a mark takes no room of its own, so a marked path reads as one word. */
function Runs({ runs, tight = false }: { runs: HighlightPart[]; tight?: boolean }) {
  return runs.map((run, i) =>
    run.mark ? (
      <mark key={i} className={`rounded-sm bg-amber-200/70 text-inherit dark:bg-amber-400/30 ${tight ? "" : "px-0.5"}`}>
        {run.text}
      </mark>
    ) : (
      <span key={i}>{run.text}</span>
    ),
  );
}

/** A search snippet as text, its matched terms in <mark> elements and each code span in one <code> (never parsed as HTML). */
export function HighlightedText({ snippet }: { snippet: string }) {
  return withCodeSpans(splitHighlights(snippet)).map((segment, i) =>
    segment.code ? (
      <CodeSpan key={i}>
        <Runs runs={segment.runs} tight />
      </CodeSpan>
    ) : (
      <Runs key={i} runs={segment.runs} />
    ),
  );
}
