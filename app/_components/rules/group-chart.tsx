"use client";

import { Bar, Cell, ReferenceLine, Tooltip, autoPalette } from "recharts";
import type { Evidence } from "@/lib/guidance/contract";
import { formatInterval } from "@/lib/format";
import { HorizontalBarChart, MEAN_SUCCESS_AXIS } from "../charts/horizontal-bar-chart";
import { TooltipBox } from "../charts/tooltip-box";
import { chartSummary, groupBars, type GroupBar } from "./view";

const TICK_FONT = 11;
const WITHOUT_FILL = "light-dark(#a1a1aa, #52525b)";
const WHISKER = "light-dark(#18181b, #f4f4f5)";

function GroupTooltip({
  active,
  payload,
  evidence,
}: {
  active?: boolean;
  payload?: ReadonlyArray<{ payload?: GroupBar }>;
  evidence: Evidence;
}) {
  const row = payload?.[0]?.payload;
  if (!active || !row) return null;
  return (
    <TooltipBox>
      <p className="font-medium">
        {row.group} the behaviour · {row.n} sessions
      </p>
      <p className="tabular-nums">Mean success {row.mean.toFixed(0)}%</p>
      {row.group === "With" && (
        <p className="text-zinc-500 tabular-nums dark:text-zinc-400">
          Difference 95% CI {formatInterval(evidence.low, evidence.high)}
        </p>
      )}
    </TooltipBox>
  );
}

interface BarShapeProps {
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  fill?: string;
  payload?: GroupBar;
}

/**
 * A bar, and for the "With" group a whisker from `low` to `high` (percent) across it. Drawn here rather than
 * with ErrorBar so the whisker is placed by the same scale as the bar: the axis starts at 0, so one percent
 * is `width / mean` pixels.
 */
function BarWithWhisker({ x = 0, y = 0, width = 0, height = 0, fill, payload }: BarShapeProps) {
  const bar = <rect x={x} y={y} width={Math.max(0, width)} height={height} fill={fill} rx={2} />;
  if (!payload || payload.group !== "With" || payload.mean <= 0) return bar;
  const perUnit = width / payload.mean;
  const clampX = (v: number) => x + Math.min(100, Math.max(0, v)) * perUnit;
  const x1 = clampX(payload.low);
  const x2 = clampX(payload.high);
  const mid = y + height / 2;
  const cap = Math.min(height / 2, 6);
  return (
    <g>
      {bar}
      <g stroke={WHISKER} strokeWidth={1.75}>
        <line x1={x1} x2={x2} y1={mid} y2={mid} />
        <line x1={x1} x2={x1} y1={mid - cap} y2={mid + cap} />
        <line x1={x2} x2={x2} y1={mid - cap} y2={mid + cap} />
      </g>
    </g>
  );
}

/**
 * Mean success of the sessions with and without a behaviour, as two horizontal bars. The "With" bar's
 * whiskers are the difference's 95% interval placed on the "Without" mean (dashed line): whiskers clear of
 * the line mean the interval excludes zero. Colours follow the page's color-scheme through recharts' autoTheme.
 */
export function GroupChart({
  evidence,
  title = "Mean success by group",
  height = 128,
}: {
  evidence: Evidence;
  title?: string;
  height?: number;
}) {
  const data = groupBars(evidence);
  const without = data[1]!.mean;
  return (
    <HorizontalBarChart
      label={`${title}. ${chartSummary(evidence)}`}
      title={title}
      data={data}
      height={height}
      margin={{ top: 4, right: 14, bottom: 22, left: 0 }}
      tickFont={TICK_FONT}
      titleFont={TICK_FONT}
      value={MEAN_SUCCESS_AXIS}
      category={{ dataKey: "group", width: 70, title: { value: "Group", offset: 10 } }}
    >
      <Tooltip content={<GroupTooltip evidence={evidence} />} cursor={{ fillOpacity: 0.1 }} />
      <ReferenceLine x={without} stroke={WHISKER} strokeDasharray="4 3" strokeOpacity={0.6} />
      <Bar dataKey="mean" name="Mean success" maxBarSize={20} isAnimationActive={false} shape={<BarWithWhisker />}>
        <Cell fill={autoPalette[0]} />
        <Cell fill={WITHOUT_FILL} />
      </Bar>
    </HorizontalBarChart>
  );
}
