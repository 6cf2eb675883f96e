"use client";

import { useRef, useState, type FormEvent } from "react";
import { Button } from "../button";
import { SUCCESS } from "../forms/styles";
import { TextField } from "../forms/text-field";
import { useApiAction } from "../forms/use-api-action";
import { FormAlert } from "../forms/form-alert";

/**
 * Changes your own password; other browsers signed in as you are signed out, this one stays in. The API's
 * messages appear beside the fields.
 */
export function PasswordForm({ passwordMinLength }: { passwordMinLength: number }) {
  const form = useRef<HTMLFormElement>(null);
  const [mismatch, setMismatch] = useState(false);
  const [done, setDone] = useState(false);
  const { pending, failure, run } = useApiAction();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setDone(false);
    if (data.get("next") !== data.get("repeat")) return setMismatch(true);
    setMismatch(false);
    run("PUT", "/api/v1/account/password", { current: data.get("current"), next: data.get("next") }, () => {
      form.current?.reset();
      setDone(true);
    });
  }

  const fields = failure?.fields ?? {};
  const general = failure && Object.keys(fields).length === 0 ? failure.message : null;
  return (
    <form ref={form} onSubmit={submit} noValidate aria-label="Change password" className="max-w-sm space-y-3">
      <TextField
        id="password-current"
        name="current"
        type="password"
        label="Current password"
        required
        autoComplete="current-password"
        error={fields.current}
      />
      <TextField
        id="password-next"
        name="next"
        type="password"
        label="New password"
        required
        minLength={passwordMinLength}
        autoComplete="new-password"
        hint={`At least ${passwordMinLength} characters. Other browsers signed in as you will be signed out.`}
        error={fields.next}
      />
      <TextField
        id="password-repeat"
        name="repeat"
        type="password"
        label="Repeat new password"
        required
        autoComplete="new-password"
        error={mismatch ? "does not match the new password" : undefined}
      />
      <FormAlert message={general} />
      {done && (
        <p role="status" className={SUCCESS}>
          Password changed.
        </p>
      )}
      <Button type="submit" variant="primary" size="lg" disabled={pending}>
        {pending ? "Changing…" : "Change password"}
      </Button>
    </form>
  );
}
