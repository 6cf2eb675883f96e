"use client";

import { useState, type FormEvent, type ReactNode } from "react";
import { callApi, type ApiFailure } from "../api/client";
import { Button } from "../button";
import { FormAlert } from "../forms/form-alert";

/**
 * A form that signs this browser in (setup, sign-in): posts the named fields to `path` and, once accepted, loads
 * `destination` in full, so the whole page (the top bar included) renders signed in; a client navigation would
 * keep the signed-out layout. `children` receives the API's per-field messages.
 */
export function AccountForm({
  path,
  fields,
  destination,
  noValidate,
  message,
  submitLabel,
  pendingLabel,
  children,
}: {
  path: string;
  fields: readonly string[];
  destination: string;
  noValidate?: boolean;
  /** The refusal to show above the button, or null when the fields already show it. */
  message: (failure: ApiFailure) => string | null;
  submitLabel: string;
  pendingLabel: string;
  children: (fieldErrors: Record<string, string>) => ReactNode;
}) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<ApiFailure | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setFailure(null);
    const result = await callApi("POST", path, Object.fromEntries(fields.map((name) => [name, form.get(name)])));
    if (result.ok) return window.location.assign(destination);
    setFailure(result.failure);
    setPending(false);
  }

  const general = failure && message(failure);
  return (
    <form onSubmit={submit} noValidate={noValidate} className="space-y-4">
      {children(failure?.fields ?? {})}
      <FormAlert message={general} />
      <Button type="submit" variant="primary" size="lg" className="w-full" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}
