"use client";

import { TextField } from "../forms/text-field";
import { AccountForm } from "./account-form";

const FIELDS = ["email", "password"] as const;

/** Email and password; on success the whole app reloads signed in, at `next` (a path on this site). */
export function SignInForm({ next }: { next: string }) {
  return (
    <AccountForm
      path="/api/v1/session"
      fields={FIELDS}
      destination={next}
      message={(failure) => failure.message}
      submitLabel="Sign in"
      pendingLabel="Signing in…"
    >
      {() => (
        <>
          <TextField
            id="sign-in-email"
            name="email"
            type="email"
            label="Email"
            required
            autoComplete="username"
            maxLength={254}
            autoFocus
          />
          <TextField
            id="sign-in-password"
            name="password"
            type="password"
            label="Password"
            required
            autoComplete="current-password"
            maxLength={200}
          />
        </>
      )}
    </AccountForm>
  );
}
