"use client";

import { TextField } from "../forms/text-field";
import { AccountForm } from "./account-form";

const FIELDS = ["code", "email", "name", "password"] as const;

/**
 * First run: with the one-time code printed where the server was started, creates the admin account, which also
 * signs this browser in, then opens the app. The API checks the fields (noValidate) and its messages appear beside
 * them.
 */
export function SetupForm({ passwordMinLength }: { passwordMinLength: number }) {
  return (
    <AccountForm
      path="/api/v1/setup"
      fields={FIELDS}
      destination="/"
      noValidate
      message={(failure) => (Object.keys(failure.fields).length === 0 ? failure.message : null)}
      submitLabel="Create admin account"
      pendingLabel="Creating…"
    >
      {(errors) => (
        <>
          <TextField
            id="setup-code"
            name="code"
            label="Setup code"
            required
            autoComplete="off"
            spellCheck={false}
            maxLength={100}
            placeholder="XXXX-XXXX-XXXX"
            hint="Printed in the terminal where Starlight was started."
            error={errors.code}
          />
          <TextField
            id="setup-email"
            name="email"
            type="email"
            label="Email"
            required
            autoComplete="email"
            maxLength={254}
            error={errors.email}
          />
          <TextField
            id="setup-name"
            name="name"
            label="Name"
            required
            autoComplete="name"
            maxLength={100}
            error={errors.name}
          />
          <TextField
            id="setup-password"
            name="password"
            type="password"
            label="Password"
            required
            minLength={passwordMinLength}
            autoComplete="new-password"
            hint={`At least ${passwordMinLength} characters.`}
            error={errors.password}
          />
        </>
      )}
    </AccountForm>
  );
}
