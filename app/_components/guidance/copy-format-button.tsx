"use client";

import { useState } from "react";
import { fetchApiText } from "../api/client";
import { Button } from "../button";

/**
 * Fetches one export format and copies it. The clipboard write starts inside the click (a ClipboardItem
 * holding the pending text), so browsers that require a user gesture accept it; writeText is the fallback.
 */
export function CopyFormatButton({ href, label }: { href: string; label: string }) {
  const [state, setState] = useState<"idle" | "busy" | "copied" | "failed">("idle");

  async function copy() {
    setState("busy");
    const text = fetchApiText(href);
    try {
      if (typeof ClipboardItem !== "undefined" && navigator.clipboard.write) {
        await navigator.clipboard.write([
          new ClipboardItem({ "text/plain": text.then((t) => new Blob([t], { type: "text/plain" })) }),
        ]);
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
    <Button size="sm" onClick={copy} disabled={state === "busy"} aria-label={`Copy ${label}`}>
      <span aria-live="polite">
        {state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : state === "busy" ? "Copying…" : "Copy"}
      </span>
    </Button>
  );
}
