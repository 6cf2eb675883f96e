import type { SessionDetail } from "@/db/queries/sessions";
import { formatCount, formatFlag, formatPercent, sourceName } from "@/lib/format";
import { FieldList, type Field } from "./field-list";

type Session = SessionDetail["session"];

const flag = (value: boolean | null) => (value == null ? null : formatFlag(value));
const count = (value: number | null) => (value == null ? null : formatCount(value));

/** The features computed at ingest; NULL means this source cannot tell, and the page says so. */
export function SessionFeatures({ session: s }: { session: Session }) {
  const fields: Field[] = [
    { label: "Verified after edit", value: flag(s.verifiedAfterEdit) },
    { label: "Verification passed", value: flag(s.verificationPassed) },
    { label: "Read before edit", value: s.readBeforeEditRatio == null ? null : formatPercent(s.readBeforeEditRatio), unit: "of edited files", numeric: true },
    { label: "Blind edits", value: count(s.blindEdits), numeric: true },
    { label: "Delegated to sub-agents", value: flag(s.delegated) },
    { label: "Tool errors", value: count(s.toolErrors), numeric: true },
    { label: "Interruptions", value: count(s.interruptions), numeric: true },
    { label: "Shell operations", value: formatCount(s.shellOps), numeric: true },
    { label: "Files read", value: count(s.filesReadCount), numeric: true },
    { label: "Files modified", value: formatCount(s.filesModifiedCount), numeric: true },
  ];
  return <FieldList fields={fields} unknownHint={`not recorded by ${sourceName(s.format)}`} />;
}
