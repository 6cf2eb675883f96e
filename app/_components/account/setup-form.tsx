"use client";

import { useState, type FormEvent } from "react";
import { callApi, type ApiFailure } from "../forms/api-request";
import { ALERT, PRIMARY } from "../forms/styles";
import { TextField } from "../forms/text-field";

/**
 * First run: creates the admin account, which also signs this browser in, then opens the app. The API checks
 * the fields (noValidate) and its messages appear beside them.
 */
export function SetupForm({ passwordMinLength }: { passwordMinLength: number }) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<ApiFailure | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setFailure(null);
    const result = await callApi("POST", "/api/v1/setup", { email: form.get("email"), name: form.get("name"), password: form.get("password") });
    // A full load, so the whole page (the top bar included) renders signed in.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a client navigation would keep the signed-out layout.
    if (result.ok) return window.location.assign("/");
    setFailure(result.failure);
    setPending(false);
  }

  const fields = failure?.fields ?? {};
  const general = failure && Object.keys(fields).length === 0 ? failure.message : null;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField id="setup-email" name="email" type="email" label="Email" required autoComplete="email" maxLength={254} error={fields.email} />
      <TextField id="setup-name" name="name" label="Name" required autoComplete="name" maxLength={100} error={fields.name} />
      <TextField
        id="setup-password"
        name="password"
        type="password"
        label="Password"
        required
        minLength={passwordMinLength}
        autoComplete="new-password"
        hint={`At least ${passwordMinLength} characters.`}
        error={fields.password}
      />
      {general && (
        <p role="alert" className={ALERT}>
          {general}
        </p>
      )}
      <button type="submit" disabled={pending} className={`${PRIMARY} w-full`}>
        {pending ? "Creating…" : "Create admin account"}
      </button>
    </form>
  );
}
