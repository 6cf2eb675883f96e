"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { callApi, type ApiFailure } from "../api/client";

type Method = "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Sends one change to the API, then re-renders the page on the server so tables show it at once; keeps the
 * failure to show beside the control that caused it.
 */
export function useApiAction() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [failure, setFailure] = useState<ApiFailure | null>(null);

  function run<T = null>(method: Method, path: string, body?: unknown, onDone?: (data: T) => void) {
    setFailure(null);
    startTransition(async () => {
      const result = await callApi<T>(method, path, body);
      if (!result.ok) {
        setFailure(result.failure);
        return;
      }
      onDone?.(result.data);
      router.refresh();
    });
  }

  return { pending, failure, run, clear: () => setFailure(null) };
}
