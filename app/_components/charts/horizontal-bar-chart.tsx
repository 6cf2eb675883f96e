"use client";

import type { ReactNode } from "react";
import { BarChart, CartesianGrid, RechartsThemeProvider, XAxis, YAxis, autoTheme } from "recharts";

/** An axis title and how far it sits from the axis (recharts' label `offset`). */
interface AxisTitle {
  value: string;
  offset: number;
}

/** The horizontal (numeric) axis: its title, and optionally a fixed scale. */
export interface ValueAxis {
  title: AxisTitle;
  domain?: [number, number];
  ticks?: number[];
  tickFormatter?: (value: number) => string;
  allowDecimals?: boolean;
}

/** The vertical axis that names each bar. */
interface CategoryAxis {
  dataKey: string;
  width: number;
  title: AxisTitle;
}

/** 0–100% with a tick every quarter: the scale of every "mean success" bar chart. */
export const MEAN_SUCCESS_AXIS: ValueAxis = {
  title: { value: "Mean success", offset: -14 },
  domain: [0, 100],
  ticks: [0, 25, 50, 75, 100],
  tickFormatter: (value) => `${value}%`,
};

interface HorizontalBarChartProps<T> {
  /** The figure's accessible name; it should carry the numbers, since screen readers cannot read the bars. */
  label: string;
  /** A visible caption above the chart, when the chart has no heading of its own. */
  title?: string;
  className?: string;
  data: T[];
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
  tickFont: number;
  /** Font size of the axis titles; unset leaves recharts' default. */
  titleFont?: number;
  value: ValueAxis;
  category: CategoryAxis;
  /** The tooltip, reference lines and bars. */
  children: ReactNode;
}

/**
 * One bar per row laid out horizontally, in a labelled figure, with a grid, a numeric axis along the bottom and the
 * category names down the left. Colours follow the page's color-scheme through recharts' autoTheme, so the chart
 * needs no re-render when the theme changes.
 */
export function HorizontalBarChart<T>({
  label,
  title,
  className = "w-full min-w-0",
  data,
  height,
  margin,
  tickFont,
  titleFont,
  value,
  category,
  children,
}: HorizontalBarChartProps<T>) {
  const { title: valueTitle, ...valueScale } = value;
  const titleStyle = titleFont === undefined ? {} : { fontSize: titleFont };
  return (
    <figure aria-label={label} className={className}>
      {title && <figcaption className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-300">{title}</figcaption>}
      <RechartsThemeProvider value={autoTheme}>
        <BarChart
          responsive
          data={data}
          layout="vertical"
          style={{ width: "100%", height }}
          margin={margin}
          accessibilityLayer
        >
          <CartesianGrid horizontal={false} strokeDasharray="3 3" />
          <XAxis
            type="number"
            {...valueScale}
            tick={{ fontSize: tickFont }}
            label={{ ...valueTitle, position: "insideBottom", ...titleStyle }}
          />
          <YAxis
            type="category"
            dataKey={category.dataKey}
            width={category.width}
            interval={0}
            tick={{ fontSize: tickFont }}
            label={{ ...category.title, angle: -90, position: "insideLeft", ...titleStyle }}
          />
          {children}
        </BarChart>
      </RechartsThemeProvider>
    </figure>
  );
}
