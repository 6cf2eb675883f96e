/**
 * Bidirectional controls (embeddings, overrides and isolates, U+202A–U+202E and U+2066–U+2069, and the marks
 * U+200E, U+200F, U+061C) reorder how the text after them is displayed: `invoice‮fdp.exe` reads as `invoiceexe.pdf`,
 * a command can show other than it runs. Uploaded text is kept as it came; where it is displayed each control is
 * shown as a visible mark naming it (`⟨U+202E⟩`) instead, so what a person reads is what the text holds.
 */

const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

const mark = (control: string) => `⟨U+${control.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}⟩`;

/** `text` with each bidirectional control shown as a visible mark. */
export function visibleControls(text: string): string {
  return text.replace(BIDI_CONTROLS, mark);
}

/**
 * `value` with `visibleControls` applied to every string inside it (object values and array elements at any depth;
 * keys kept): for a page's whole data at once. What holds no control comes back as the very same object.
 */
export function withVisibleControls<T>(value: T): T {
  return visible(value) as T;
}

function visible(value: unknown): unknown {
  if (typeof value === "string") return visibleControls(value);
  if (typeof value !== "object" || value === null || value instanceof Date) return value;
  if (Array.isArray(value)) {
    const items = value.map(visible);
    return items.some((item, i) => item !== value[i]) ? items : value;
  }
  const entries = Object.entries(value).map(([key, item]) => [key, visible(item)] as const);
  return entries.some(([key, item]) => item !== (value as Record<string, unknown>)[key])
    ? Object.fromEntries(entries)
    : value;
}
