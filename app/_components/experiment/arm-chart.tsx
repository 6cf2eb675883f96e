"use client";

import { Bar, ReferenceLine, Tooltip } from "recharts";
import { HorizontalBarChart, MEAN_SUCCESS_AXIS } from "../charts/horizontal-bar-chart";
import { TooltipBox } from "../charts/tooltip-box";
import { ARM_STYLE, AXIS_INK } from "./arms";
import type { ArmPoint } from "./view";

const TICK_FONT = 11;

function ArmTooltip({ active, payload }: { active?: boolean; payload?: ReadonlyArray<{ payload?: ArmPoint }> }) {
  const row = payload?.[0]?.payload;
  if (!active || !row) return null;
  return (
    <TooltipBox>
      <p className="font-medium">
        {row.arm} · {row.n} sessions
      </p>
      <p className="tabular-nums">Mean success {row.mean.toFixed(1)}%</p>
      <p className="text-zinc-500 tabular-nums dark:text-zinc-400">
        95% interval {row.low.toFixed(1)}–{row.high.toFixed(1)}%
      </p>
    </TooltipBox>
  );
}

interface ShapeProps {
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  payload?: ArmPoint;
}

/** The interval as a whisker with caps, and the mean as a dot on it, placed by the bar's own scale. */
function IntervalShape({ x = 0, y = 0, width = 0, height = 0, payload }: ShapeProps) {
  if (!payload) return null;
  const span = payload.high - payload.low;
  const cx = span > 0 ? x + ((payload.mean - payload.low) / span) * width : x;
  const mid = y + height / 2;
  const cap = Math.min(height / 2, 7);
  return (
    <g stroke={payload.color} strokeWidth={2}>
      <line x1={x} x2={x + width} y1={mid} y2={mid} />
      <line x1={x} x2={x} y1={mid - cap} y2={mid + cap} />
      <line x1={x + width} x2={x + width} y1={mid - cap} y2={mid + cap} />
      <circle cx={cx} cy={mid} r={5} fill={payload.color} stroke={AXIS_INK} strokeWidth={1} />
    </g>
  );
}

/**
 * Mean success of each arm with its 95% interval, on one 0–100% axis; the dashed line is the holdout's mean.
 */
export function ArmChart({ data, summary }: { data: ArmPoint[]; summary: string }) {
  const holdout = data.find((d) => d.arm === "Holdout");
  return (
    <HorizontalBarChart
      label={`Mean success per arm with 95% intervals. ${summary}`}
      title="Mean success per arm, with 95% intervals"
      data={data}
      height={150}
      margin={{ top: 4, right: 16, bottom: 22, left: 0 }}
      tickFont={TICK_FONT}
      titleFont={TICK_FONT}
      value={MEAN_SUCCESS_AXIS}
      category={{ dataKey: "arm", width: 78, title: { value: "Arm", offset: 10 } }}
    >
      <Tooltip content={<ArmTooltip />} cursor={{ fillOpacity: 0.1 }} />
      {holdout && (
        <ReferenceLine x={holdout.mean} stroke={ARM_STYLE.holdout.color} strokeDasharray="4 3" strokeOpacity={0.7} />
      )}
      <Bar dataKey="range" name="95% interval" maxBarSize={20} isAnimationActive={false} shape={<IntervalShape />} />
    </HorizontalBarChart>
  );
}
