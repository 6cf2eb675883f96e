"use client";

import { useState } from "react";

const button =
  "rounded-md border border-zinc-300 bg-white px-2.5 py-1 text-xs font-medium text-zinc-700 hover:bg-zinc-50 disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-200 dark:hover:bg-zinc-700";

/**
 * Fetches one export format and copies it. The clipboard write starts inside the click (a ClipboardItem
 * holding the pending text), so browsers that require a user gesture accept it; writeText is the fallback.
 */
export function CopyFormatButton({ href, label }: { href: string; label: string }) {
  const [state, setState] = useState<"idle" | "busy" | "copied" | "failed">("idle");

  async function copy() {
    setState("busy");
    const text = fetch(href).then(async (response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.text();
    });
    try {
      if (typeof ClipboardItem !== "undefined" && navigator.clipboard.write) {
        await navigator.clipboard.write([new ClipboardItem({ "text/plain": text.then((t) => new Blob([t], { type: "text/plain" })) })]);
      } else {
        await navigator.clipboard.writeText(await text);
      }
      setState("copied");
    } catch {
      try {
        await navigator.clipboard.writeText(await text);
        setState("copied");
      } catch {
        setState("failed");
      }
    }
    setTimeout(() => setState("idle"), 2000);
  }

  return (
    <button type="button" onClick={copy} disabled={state === "busy"} className={button} aria-label={`Copy ${label}`}>
      <span aria-live="polite">{state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : state === "busy" ? "Copying…" : "Copy"}</span>
    </button>
  );
}
