import type { SessionDetail } from "@/lib/server/sessions";
import { formatCount, formatDateTime, formatDuration, isoOrUndefined, sourceName } from "@/lib/format";
import { CostValue } from "@/app/_components/cost/cost-value";
import { PRICE_TABLE, pricedCost } from "@/lib/cost/priced";
import { FieldList, type Field } from "./field-list";

type Session = SessionDetail["session"];

/** The session's cost, and each model's when it used several, priced with the repository's table. */
function costFields(s: Session): Field[] {
  const models = Object.entries(s.tokensByModel);
  if (models.length === 0)
    return s.tokensInput == null
      ? []
      : [{ label: "Cost", value: "no price (stored before tokens were counted per model)" }];
  const unit = `prices of ${PRICE_TABLE.version}`;
  const total: Field = { label: "Cost", value: <CostValue cost={pricedCost(s.tokensByModel)} />, unit };
  if (models.length < 2) return [total];
  return [
    total,
    ...models.map(([model, tokens]) => ({
      label: `Cost · ${model || "unnamed model"}`,
      value: <CostValue cost={pricedCost({ [model]: tokens })} />,
      unit,
    })),
  ];
}

function tokenFields(s: Session): Field[] {
  const tokens: [string, number | null][] = [
    ["Input tokens", s.tokensInput],
    ["Output tokens", s.tokensOutput],
    ["Cache read tokens", s.tokensCacheRead],
    ["Cache creation tokens", s.tokensCacheCreation],
  ];
  return tokens.filter(([, n]) => n != null).map(([label, n]) => ({ label, value: formatCount(n), numeric: true }));
}

/** When, how long, how many prompts and operations, which models, branch and tokens. */
export function SessionOverview({ session: s }: { session: Session }) {
  const fields: Field[] = [
    {
      label: "Started",
      value: <time dateTime={isoOrUndefined(s.startedAt)}>{formatDateTime(s.startedAt)}</time>,
      unit: "UTC",
    },
    {
      label: "Ended",
      value: s.endedAt == null ? null : <time dateTime={isoOrUndefined(s.endedAt)}>{formatDateTime(s.endedAt)}</time>,
      unit: "UTC",
    },
    { label: "Duration", value: s.durationMs == null ? null : formatDuration(s.durationMs), numeric: true },
    { label: "Prompts", value: s.promptCount == null ? null : formatCount(s.promptCount), numeric: true },
    { label: "Operations", value: formatCount(s.operationCount), numeric: true },
    { label: "Models", value: s.models.length ? s.models.join(", ") : null },
    { label: "Branch", value: s.gitBranch ? <code className="font-mono text-xs">{s.gitBranch}</code> : null },
    { label: "Agent", value: s.agent },
    { label: "Source", value: sourceName(s.format) },
    { label: "External id", value: <code className="font-mono text-xs break-all">{s.externalId}</code> },
    ...(s.sessionId && s.sessionId !== s.externalId
      ? [{ label: "Agent session id", value: <code className="font-mono text-xs break-all">{s.sessionId}</code> }]
      : []),
    ...tokenFields(s),
    ...costFields(s),
  ];
  return <FieldList fields={fields} unknownHint={`not recorded by ${sourceName(s.format)}`} />;
}
