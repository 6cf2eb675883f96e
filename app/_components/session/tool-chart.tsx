"use client";

import { Bar, BarChart, CartesianGrid, RechartsThemeProvider, Tooltip, XAxis, YAxis, autoTheme } from "recharts";

interface ToolCount {
  tool: string;
  calls: number;
}

const ROW_HEIGHT = 28;
const TICK_FONT = 12;
/** Room for the rotated "Tool" axis label beside the tick names. */
const LABEL_ROOM = 22;

/**
 * Calls per tool as horizontal bars, most used first. Colours come from recharts' autoTheme, which follows the
 * page's CSS color-scheme (set by the theme class), so the chart needs no re-render when the theme changes.
 */
export function ToolChart({ data }: { data: ToolCount[] }) {
  const height = Math.max(140, data.length * ROW_HEIGHT + 64);
  const longest = Math.max(...data.map((d) => d.tool.length));
  const axisWidth = Math.min(180, Math.max(48, longest * TICK_FONT * 0.62 + 12)) + LABEL_ROOM;
  const label = `Calls per tool: ${data.map((d) => `${d.tool} ${d.calls}`).join(", ")}`;
  return (
    <figure aria-label={label} className="w-full">
      <RechartsThemeProvider value={autoTheme}>
        <BarChart
          responsive
          data={data}
          layout="vertical"
          style={{ width: "100%", height }}
          margin={{ top: 4, right: 16, bottom: 20, left: 4 }}
        >
          <CartesianGrid horizontal={false} strokeDasharray="3 3" />
          <XAxis
            type="number"
            allowDecimals={false}
            tick={{ fontSize: TICK_FONT }}
            label={{ value: "Calls", position: "insideBottom", offset: -12 }}
          />
          <YAxis
            type="category"
            dataKey="tool"
            width={axisWidth}
            interval={0}
            tick={{ fontSize: TICK_FONT }}
            label={{ value: "Tool", angle: -90, position: "insideLeft", offset: 0 }}
          />
          <Tooltip contentStyle={{ fontSize: TICK_FONT }} formatter={(value) => [`${value} calls`, "Calls"]} cursor={{ fillOpacity: 0.15 }} />
          <Bar dataKey="calls" name="Calls" maxBarSize={18} radius={[0, 3, 3, 0]} />
        </BarChart>
      </RechartsThemeProvider>
    </figure>
  );
}
