import type { ComponentProps } from "react";

/**
 * The dashboard's one button look, for <button> (Button) and for links, file pickers and downloads that act as
 * buttons (buttonClass). A variant sets the colours; a size sets height, padding, type and alignment, so extra
 * classes a caller adds (a width, a margin) never fight either.
 */
const VARIANTS = {
  primary: "bg-zinc-900 text-white hover:bg-zinc-700 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300",
  secondary:
    "border border-zinc-300 bg-white text-zinc-700 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-200 dark:hover:bg-zinc-700",
  danger: "bg-red-600 text-white hover:bg-red-700",
  /** A pressed "yes" of a choice, such as a session judged to have succeeded. */
  success: "bg-emerald-600 text-white hover:bg-emerald-700",
  /** Text only until hovered, pressed (aria-pressed) or open (aria-expanded): row actions, menus, toggles. */
  ghost:
    "text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 aria-expanded:bg-zinc-100 aria-pressed:bg-zinc-200 aria-pressed:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-zinc-100 dark:aria-expanded:bg-zinc-800 dark:aria-pressed:bg-zinc-800 dark:aria-pressed:text-zinc-100",
} as const;

const SIZES = {
  /** In a table row or on a card. */
  xs: "h-6 justify-center px-1.5 text-xs font-medium whitespace-nowrap",
  sm: "h-7 justify-center px-2.5 text-xs font-medium whitespace-nowrap",
  md: "h-8 justify-center px-3 text-sm font-medium whitespace-nowrap",
  /** The main action of a form. */
  lg: "h-9 justify-center px-3.5 text-sm font-medium whitespace-nowrap",
  /** A square around an icon. */
  icon: "justify-center p-1.5",
  /** A full-width line of a menu. */
  item: "w-full justify-start px-2 py-1.5 text-left text-sm",
} as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;

const BASE =
  "inline-flex shrink-0 items-center gap-1.5 rounded-md transition-colors disabled:cursor-not-allowed disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-500";

export function buttonClass({
  variant = "secondary",
  size = "md",
  className = "",
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
} = {}): string {
  return `${BASE} ${VARIANTS[variant]} ${SIZES[size]} ${className}`.trimEnd();
}

/** A <button> in the dashboard's look; `type` is "button" unless given, so it never submits a form by accident. */
export function Button({
  variant,
  size,
  className,
  type = "button",
  ...rest
}: ComponentProps<"button"> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...rest} />;
}
