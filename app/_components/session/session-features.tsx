import type { SessionDetail } from "@/lib/server/sessions";
import { formatCount, formatFlag, formatPercent, sourceName } from "@/lib/format";
import { FieldList, type Field } from "./field-list";

type Session = SessionDetail["session"];

const flag = (value: boolean | null) => (value == null ? null : formatFlag(value));
const count = (value: number | null) => (value == null ? null : formatCount(value));

/** Of a tool-error count, the calls the person refused (they never ran). */
function toolErrors(errors: number | null, refused: number): string | null {
  if (errors == null) return null;
  return refused > 0 ? `${formatCount(errors)} (${formatCount(refused)} refused by the person)` : formatCount(errors);
}

/**
 * The features computed at ingest; NULL means this source cannot tell, and the page says so, except for the
 * features of edits in a session that edited nothing. `refused`: the tool calls the person refused, which the
 * agent records as errors.
 */
export function SessionFeatures({ session: s, refused }: { session: Session; refused: number }) {
  const noEdits = s.filesModifiedCount === 0;
  const ofEdits = (value: string | null) => value ?? (noEdits ? "no edits" : null);
  const fields: Field[] = [
    { label: "Verified after edit", value: ofEdits(flag(s.verifiedAfterEdit)) },
    { label: "Verification passed", value: ofEdits(flag(s.verificationPassed)) },
    {
      label: "Read before edit",
      value: ofEdits(s.readBeforeEditRatio == null ? null : formatPercent(s.readBeforeEditRatio)),
      unit: s.readBeforeEditRatio == null ? undefined : "of edited files",
      numeric: true,
    },
    { label: "Blind edits", value: ofEdits(count(s.blindEdits)), numeric: true },
    { label: "Delegated to sub-agents", value: flag(s.delegated) },
    { label: "Tool errors", value: toolErrors(s.toolErrors, refused), numeric: true },
    { label: "Interruptions", value: count(s.interruptions), numeric: true },
    { label: "Shell operations", value: formatCount(s.shellOps), numeric: true },
    { label: "Files read", value: count(s.filesReadCount), numeric: true },
    { label: "Files modified", value: formatCount(s.filesModifiedCount), numeric: true },
  ];
  return <FieldList fields={fields} unknownHint={`not recorded by ${sourceName(s.format)}`} />;
}
