"use client";

import { useRouter } from "next/navigation";
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Line,
  RechartsThemeProvider,
  Tooltip,
  XAxis,
  YAxis,
  autoTheme,
  type MouseHandlerDataParam,
} from "recharts";
import { formatUsd } from "@/lib/format";
import { DAY_PLACEHOLDER, type DayPoint } from "./daily-series";

const TICK_FONT = 12;
const HEIGHT = 220;
const percent = (value: unknown) => (typeof value === "number" ? `${Math.round(value * 100)}%` : "—");

/** Navigates to the clicked day: recharts reports the day under the pointer as the active label or index. */
function useDayClick(data: DayPoint[], dayHref: string) {
  const router = useRouter();
  return (state: MouseHandlerDataParam) => {
    const label = state.activeLabel;
    const index = Number(state.activeIndex ?? state.activeTooltipIndex);
    const day =
      typeof label === "string" && DAY.test(label) ? label : Number.isInteger(index) ? data[index]?.day : undefined;
    if (day) router.push(dayHref.replaceAll(DAY_PLACEHOLDER, day));
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What the charts share: the days, the link a click on one opens, and whether day labels need their year. */
interface DailyChartProps {
  data: DayPoint[];
  dayHref: string;
  withYear: boolean;
}

/** Days as "10-03", or "2025-10-03" when the range is not all in the current year; the tooltip always names the full day. */
const xAxis = (withYear: boolean) => (
  <XAxis
    dataKey="day"
    tick={{ fontSize: TICK_FONT }}
    minTickGap={24}
    tickFormatter={(day: string) => (withYear ? day : day.slice(5))}
    label={{ value: "Day (UTC)", position: "insideBottom", offset: -12 }}
  />
);

/**
 * A dot only where the average has no neighbour to draw a line to (a day alone after a gap, the last day of a
 * history ending after one), which a line without dots would leave invisible.
 */
function isolatedDot(data: readonly DayPoint[]) {
  const has = (i: number) => data[i]?.average != null;
  function IsolatedDot({ cx, cy, index }: { cx?: number; cy?: number; index?: number }) {
    const i = index ?? -1;
    if (cx == null || cy == null || !has(i) || has(i - 1) || has(i + 1)) return <g key={i} />;
    return <circle key={i} cx={cx} cy={cy} r={3} fill="#f59e0b" />;
  }
  return IsolatedDot;
}

/**
 * Mean success per day (thin line with dots) and its 7-day moving average (bold line); both break on days they
 * have no value for, so no line joins days across a gap. Clicking a day opens `dayHref` for it. Colours follow the
 * page's color-scheme through recharts' autoTheme.
 */
export function SuccessChart({ data, dayHref, withYear }: DailyChartProps) {
  const onClick = useDayClick(data, dayHref);
  return (
    <figure aria-label="Success rate per day with its 7-day moving average" className="w-full cursor-pointer">
      <figcaption className="mb-1 flex justify-end gap-4 text-xs text-zinc-500 dark:text-zinc-400">
        <span className="flex items-center gap-1.5">
          <span aria-hidden className="h-0.5 w-4 bg-zinc-400" />
          Daily
        </span>
        <span className="flex items-center gap-1.5">
          <span aria-hidden className="h-1 w-4 rounded bg-amber-500" />
          7-day average
        </span>
      </figcaption>
      <RechartsThemeProvider value={autoTheme}>
        <ComposedChart
          responsive
          data={data}
          style={{ width: "100%", height: HEIGHT }}
          margin={{ top: 8, right: 12, bottom: 24, left: 4 }}
          onClick={onClick}
        >
          <CartesianGrid vertical={false} strokeDasharray="3 3" />
          {xAxis(withYear)}
          <YAxis
            domain={[0, 1]}
            ticks={[0, 0.25, 0.5, 0.75, 1]}
            tickFormatter={percent}
            width={56}
            tick={{ fontSize: TICK_FONT }}
            label={{ value: "Success", angle: -90, position: "insideLeft", offset: 4 }}
          />
          <Tooltip contentStyle={{ fontSize: TICK_FONT }} formatter={(value, name) => [percent(value), name]} />
          <Line
            dataKey="success"
            name="Daily"
            stroke="#a1a1aa"
            strokeWidth={1}
            dot={{ r: 2 }}
            connectNulls={false}
            isAnimationActive={false}
          />
          <Line
            dataKey="average"
            name="7-day average"
            stroke="#f59e0b"
            strokeWidth={2.5}
            dot={isolatedDot(data)}
            connectNulls={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      </RechartsThemeProvider>
    </figure>
  );
}

/** Sessions per day as bars; clicking a bar opens `dayHref` for that day. */
export function SessionsChart({ data, dayHref, withYear }: DailyChartProps) {
  const onClick = useDayClick(data, dayHref);
  return (
    <figure aria-label="Sessions per day" className="w-full cursor-pointer">
      <RechartsThemeProvider value={autoTheme}>
        <BarChart
          responsive
          data={data}
          style={{ width: "100%", height: HEIGHT }}
          margin={{ top: 8, right: 12, bottom: 24, left: 4 }}
          onClick={onClick}
        >
          <CartesianGrid vertical={false} strokeDasharray="3 3" />
          {xAxis(withYear)}
          <YAxis
            allowDecimals={false}
            width={56}
            tick={{ fontSize: TICK_FONT }}
            label={{ value: "Sessions", angle: -90, position: "insideLeft", offset: 4 }}
          />
          <Tooltip
            contentStyle={{ fontSize: TICK_FONT }}
            formatter={(value) => [`${value}`, "Sessions"]}
            cursor={{ fillOpacity: 0.15 }}
          />
          <Bar dataKey="sessions" name="Sessions" maxBarSize={24} radius={[3, 3, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </RechartsThemeProvider>
    </figure>
  );
}

const dollars = (value: unknown) => (typeof value === "number" ? formatUsd(value) : "no tokens counted");

/** USD per day of the priced tokens as bars; clicking a bar opens `dayHref` for that day. */
export function CostChart({ data, dayHref, withYear }: DailyChartProps) {
  const onClick = useDayClick(data, dayHref);
  return (
    <figure aria-label="Cost per day" className="w-full cursor-pointer">
      <RechartsThemeProvider value={autoTheme}>
        <BarChart
          responsive
          data={data}
          style={{ width: "100%", height: HEIGHT }}
          margin={{ top: 8, right: 12, bottom: 24, left: 4 }}
          onClick={onClick}
        >
          <CartesianGrid vertical={false} strokeDasharray="3 3" />
          {xAxis(withYear)}
          <YAxis
            width={56}
            tick={{ fontSize: TICK_FONT }}
            tickFormatter={(v: number) => `$${v}`}
            label={{ value: "USD", angle: -90, position: "insideLeft", offset: 4 }}
          />
          <Tooltip
            contentStyle={{ fontSize: TICK_FONT }}
            formatter={(value) => [dollars(value), "Cost"]}
            cursor={{ fillOpacity: 0.15 }}
          />
          <Bar
            dataKey="cost"
            name="Cost"
            fill="#10b981"
            maxBarSize={24}
            radius={[3, 3, 0, 0]}
            isAnimationActive={false}
          />
        </BarChart>
      </RechartsThemeProvider>
    </figure>
  );
}
