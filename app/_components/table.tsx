import type { ComponentProps } from "react";

/** A dense, horizontally scrollable data table with a caption for screen readers; unframed inside a panel. */
export function Table({
  caption,
  framed = true,
  children,
}: {
  caption: string;
  framed?: boolean;
  children: React.ReactNode;
}) {
  const frame = framed ? "rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900" : "";
  return (
    <div className={`overflow-x-auto ${frame}`}>
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

type CellProps = { numeric?: boolean };

/** Header cell; numeric columns are right-aligned like their values. */
export function Th({ numeric, className = "", ...rest }: ComponentProps<"th"> & CellProps) {
  return (
    <th
      scope="col"
      className={`border-b border-zinc-200 bg-zinc-50 px-3 py-2 text-xs font-medium whitespace-nowrap text-zinc-500 dark:border-zinc-800 dark:bg-zinc-900/60 dark:text-zinc-400 ${numeric ? "text-right" : "text-left"} ${className}`}
      {...rest}
    />
  );
}

/** The header of a column of row buttons: named for screen readers, blank on screen. */
export function ActionsTh() {
  return (
    <Th>
      <span className="sr-only">Actions</span>
    </Th>
  );
}

/** Body cell; numeric cells use tabular figures and align right. */
export function Td({ numeric, className = "", ...rest }: ComponentProps<"td"> & CellProps) {
  return (
    <td
      className={`border-b border-zinc-100 px-3 py-2 align-middle dark:border-zinc-800/70 ${numeric ? "text-right whitespace-nowrap tabular-nums" : ""} ${className}`}
      {...rest}
    />
  );
}

/** A table row that highlights on hover. */
export function Tr(props: ComponentProps<"tr">) {
  return (
    <tr
      className="hover:bg-zinc-50 target:bg-amber-50 dark:hover:bg-zinc-800/40 dark:target:bg-amber-400/10 [&:last-child>td]:border-0"
      {...props}
    />
  );
}
