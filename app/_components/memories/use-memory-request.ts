"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";

type Method = "POST" | "PATCH" | "DELETE";

interface ErrorBody {
  error?: { message?: string; details?: { field?: string | null; message?: string }[] };
}

/** "tags.0" → "Tags": the form field a detail is about. */
const fieldName = (field: string) => field.split(".")[0]!.replace(/^./, (c) => c.toUpperCase());

/** The API's field-by-field details when it gives them (they read better beside a form), else its message. */
function describe(body: ErrorBody | null, status: number): string {
  const raw = body?.error?.details;
  const details = Array.isArray(raw) ? raw.filter((d) => d?.message) : [];
  if (details.length > 0) return details.map((d) => (d.field ? `${fieldName(d.field)}: ${d.message}` : d.message)).join(" ");
  return body?.error?.message ?? `The server answered ${status}.`;
}

/** Sends one change to the memories API; the error message to show, or null when it worked. */
async function send(method: Method, path: string, body?: unknown): Promise<string | null> {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch(() => null);
  if (!response) return "Could not reach the server; is it running?";
  if (response.ok) return null;
  return describe((await response.json().catch(() => null)) as ErrorBody | null, response.status);
}

/**
 * Changes a memory through the API, then re-renders the page on the server so search shows the change at
 * once; keeps the error to show beside the control that caused it.
 */
export function useMemoryRequest() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);

  function request(method: Method, path: string, body?: unknown, onDone?: () => void) {
    setError(null);
    startTransition(async () => {
      const message = await send(method, path, body);
      if (message) {
        setError(message);
        return;
      }
      onDone?.();
      router.refresh();
    });
  }

  return { pending, error, request };
}
