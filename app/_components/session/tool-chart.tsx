"use client";

import { Bar, Tooltip } from "recharts";
import { HorizontalBarChart } from "../charts/horizontal-bar-chart";

interface ToolCount {
  tool: string;
  calls: number;
}

const ROW_HEIGHT = 28;
const TICK_FONT = 12;
/** Room for the rotated "Tool" axis label beside the tick names. */
const LABEL_ROOM = 22;

/** Calls per tool as horizontal bars, most used first. */
export function ToolChart({ data }: { data: ToolCount[] }) {
  const height = Math.max(140, data.length * ROW_HEIGHT + 64);
  const longest = Math.max(...data.map((d) => d.tool.length));
  const axisWidth = Math.min(180, Math.max(48, longest * TICK_FONT * 0.62 + 12)) + LABEL_ROOM;
  const label = `Calls per tool: ${data.map((d) => `${d.tool} ${d.calls}`).join(", ")}`;
  return (
    <HorizontalBarChart
      label={label}
      className="w-full"
      data={data}
      height={height}
      margin={{ top: 4, right: 16, bottom: 20, left: 4 }}
      tickFont={TICK_FONT}
      value={{ title: { value: "Calls", offset: -12 }, allowDecimals: false }}
      category={{ dataKey: "tool", width: axisWidth, title: { value: "Tool", offset: 0 } }}
    >
      <Tooltip
        contentStyle={{ fontSize: TICK_FONT }}
        formatter={(value) => [`${value} calls`, "Calls"]}
        cursor={{ fillOpacity: 0.15 }}
      />
      <Bar dataKey="calls" name="Calls" maxBarSize={18} radius={[0, 3, 3, 0]} />
    </HorizontalBarChart>
  );
}
