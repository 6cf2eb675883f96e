"use client";

import { useState, type FormEvent } from "react";
import { callApi, type ApiFailure } from "../forms/api-request";
import { ALERT, PRIMARY } from "../forms/styles";
import { TextField } from "../forms/text-field";

function describe(failure: ApiFailure): string {
  if (failure.status === 429) return `Too many attempts; try again in ${failure.retryAfter ?? 60} s.`;
  return failure.message;
}

/** Email and password; on success the whole app reloads signed in, at `next` (a path on this site). */
export function SignInForm({ next }: { next: string }) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<ApiFailure | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setFailure(null);
    const result = await callApi("POST", "/api/v1/session", { email: form.get("email"), password: form.get("password") });
    if (result.ok) return window.location.assign(next);
    setFailure(result.failure);
    setPending(false);
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <TextField id="sign-in-email" name="email" type="email" label="Email" required autoComplete="username" maxLength={254} autoFocus />
      <TextField id="sign-in-password" name="password" type="password" label="Password" required autoComplete="current-password" maxLength={200} />
      {failure && (
        <p role="alert" className={ALERT}>
          {describe(failure)}
        </p>
      )}
      <button type="submit" disabled={pending} className={`${PRIMARY} w-full`}>
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
