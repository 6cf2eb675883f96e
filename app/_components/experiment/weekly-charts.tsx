"use client";

import { CartesianGrid, Line, LineChart, RechartsThemeProvider, Tooltip, XAxis, YAxis, autoTheme } from "recharts";
import { TooltipBox } from "../charts/tooltip-box";
import { ARM_STYLE } from "./arms";
import type { WeekRow } from "./view";

const TICK_FONT = 11;
const HEIGHT = 200;

type Series = { key: keyof WeekRow; label: string; color: string; count?: keyof WeekRow };

function WeekTooltip({
  active,
  payload,
  series,
}: {
  active?: boolean;
  payload?: ReadonlyArray<{ payload?: WeekRow }>;
  series: Series[];
}) {
  const row = payload?.[0]?.payload;
  if (!active || !row) return null;
  return (
    <TooltipBox>
      <p className="font-medium">Week {row.week}</p>
      {series.map((s) => {
        const value = row[s.key];
        return (
          <p key={s.key} className="tabular-nums">
            {s.label}: {typeof value === "number" ? `${value.toFixed(1)}%` : "—"}
            {s.count && <span className="text-zinc-500 dark:text-zinc-400"> · {row[s.count]} sessions</span>}
          </p>
        );
      })}
    </TooltipBox>
  );
}

function WeekChart({ title, axis, data, series }: { title: string; axis: string; data: WeekRow[]; series: Series[] }) {
  return (
    <figure aria-label={title} className="w-full min-w-0">
      <figcaption className="mb-1 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-xs">
        <span className="font-medium text-zinc-600 dark:text-zinc-300">{title}</span>
        <span className="flex gap-3 text-zinc-500 dark:text-zinc-400">
          {series.map((s) => (
            <span key={s.key} className="flex items-center gap-1.5">
              <span aria-hidden className="h-0.5 w-4" style={{ background: s.color }} />
              {s.label}
            </span>
          ))}
        </span>
      </figcaption>
      <RechartsThemeProvider value={autoTheme}>
        <LineChart
          responsive
          data={data}
          style={{ width: "100%", height: HEIGHT }}
          margin={{ top: 8, right: 12, bottom: 24, left: 4 }}
          accessibilityLayer
        >
          <CartesianGrid vertical={false} strokeDasharray="3 3" />
          <XAxis
            dataKey="week"
            tick={{ fontSize: TICK_FONT }}
            minTickGap={24}
            tickFormatter={(week: string) => week.slice(5)}
            label={{ value: "ISO week (UTC)", position: "insideBottom", offset: -14, fontSize: TICK_FONT }}
          />
          <YAxis
            domain={[0, 100]}
            ticks={[0, 25, 50, 75, 100]}
            tickFormatter={(v: number) => `${v}%`}
            width={52}
            tick={{ fontSize: TICK_FONT }}
            label={{ value: axis, angle: -90, position: "insideLeft", offset: 6, fontSize: TICK_FONT }}
          />
          <Tooltip content={<WeekTooltip series={series} />} />
          {series.map((s) => (
            <Line
              key={s.key}
              dataKey={s.key}
              name={s.label}
              stroke={s.color}
              strokeWidth={2}
              dot={{ r: 3, fill: s.color }}
              connectNulls
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </RechartsThemeProvider>
    </figure>
  );
}

/** Success per week for each arm, and the pooled adherence to the measured rules per week for each arm. */
export function WeeklyCharts({ data }: { data: WeekRow[] }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <WeekChart
        title="Mean success per week"
        axis="Success"
        data={data}
        series={[
          { key: "guidance", label: ARM_STYLE.guidance.label, color: ARM_STYLE.guidance.color, count: "guidanceN" },
          { key: "holdout", label: ARM_STYLE.holdout.label, color: ARM_STYLE.holdout.color, count: "holdoutN" },
        ]}
      />
      <WeekChart
        title="Rules followed per week (all measured rules)"
        axis="Followed"
        data={data}
        series={[
          { key: "adherenceGiven", label: "Given the rules", color: ARM_STYLE.guidance.color },
          { key: "adherenceHoldout", label: "Holdout", color: ARM_STYLE.holdout.color },
        ]}
      />
    </div>
  );
}
