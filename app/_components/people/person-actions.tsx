"use client";

import { useState, type FormEvent } from "react";
import { ConfirmAction } from "../forms/confirm-action";
import { ERROR_TEXT, INPUT, ROW_ACTION } from "../forms/styles";
import { useApiAction } from "../forms/use-api-action";

/** A person's row actions on the People page: reset their password, make or unmake them admin, delete them. */
export function PersonActions({ id, email, isAdmin, passwordMinLength }: { id: number; email: string; isAdmin: boolean; passwordMinLength: number }) {
  const [resetting, setResetting] = useState(false);
  const [reset, setReset] = useState(false);
  const { pending, failure, run } = useApiAction();
  const path = `/api/v1/users/${id}`;

  function submitReset(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = new FormData(event.currentTarget).get("password");
    run("PATCH", path, { password }, () => {
      setResetting(false);
      setReset(true);
    });
  }

  if (resetting) {
    return (
      <form onSubmit={submitReset} noValidate aria-label={`Reset password of ${email}`} className="flex flex-col items-end gap-1">
        <div className="flex items-center gap-1">
          <label htmlFor={`reset-${id}`} className="sr-only">
            New password for {email}
          </label>
          <input
            id={`reset-${id}`}
            name="password"
            type="password"
            required
            minLength={passwordMinLength}
            autoComplete="new-password"
            autoFocus
            placeholder={`New password (${passwordMinLength}+ characters)`}
            className={`${INPUT} h-7 w-56 text-xs`}
          />
          <button type="submit" disabled={pending} className={ROW_ACTION}>
            {pending ? "Saving…" : "Set password"}
          </button>
          <button type="button" onClick={() => setResetting(false)} className={ROW_ACTION}>
            Cancel
          </button>
        </div>
        {failure && (
          <p role="alert" className={ERROR_TEXT}>
            {failure.fields.password ?? failure.message}
          </p>
        )}
      </form>
    );
  }

  return (
    <div className="flex flex-col items-end gap-1">
      <div role="group" aria-label={`Manage ${email}`} className="flex flex-wrap items-start justify-end gap-1">
        <button type="button" onClick={() => setResetting(true)} aria-label={`Reset password of ${email}`} className={ROW_ACTION}>
          Reset password
        </button>
        <button type="button" disabled={pending} onClick={() => run("PATCH", path, { isAdmin: !isAdmin })} aria-label={`${isAdmin ? "Remove admin" : "Make admin"}: ${email}`} className={ROW_ACTION}>
          {isAdmin ? "Remove admin" : "Make admin"}
        </button>
        <ConfirmAction label="Delete" accessibleLabel={`Delete ${email}`} question="Delete this person?" confirmLabel="Yes, delete" path={path} />
      </div>
      {reset && (
        <p role="status" className="text-xs text-emerald-700 dark:text-emerald-300">
          Password set; they were signed out everywhere.
        </p>
      )}
      {failure && (
        <p role="alert" className={ERROR_TEXT}>
          {failure.message}
        </p>
      )}
    </div>
  );
}
