"use client";

import { useState, type FormEvent } from "react";
import { ConfirmAction } from "../forms/confirm-action";
import { Button } from "../button";
import { ERROR_TEXT, INPUT } from "../forms/styles";
import { useApiAction } from "../forms/use-api-action";

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/**
 * A person's row actions on the People page: reset their password (which signs them out everywhere and, unless
 * the box is unticked, revokes their API tokens), make or unmake them admin, delete them.
 */
export function PersonActions({
  id,
  email,
  isAdmin,
  liveTokens,
  passwordMinLength,
}: {
  id: number;
  email: string;
  isAdmin: boolean;
  /** Their API tokens not revoked yet. */
  liveTokens: number;
  passwordMinLength: number;
}) {
  const [resetting, setResetting] = useState(false);
  const [reset, setReset] = useState<{ revokedTokens: number } | null>(null);
  const { pending, failure, run } = useApiAction();
  const path = `/api/v1/users/${id}`;

  function submitReset(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const revokeTokens = liveTokens > 0 && form.get("revokeTokens") === "on";
    run("PATCH", path, { password: form.get("password"), revokeTokens }, () => {
      setResetting(false);
      setReset({ revokedTokens: revokeTokens ? liveTokens : 0 });
    });
  }

  if (resetting) {
    return (
      <form
        onSubmit={submitReset}
        noValidate
        aria-label={`Reset password of ${email}`}
        className="flex flex-col items-end gap-1"
      >
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
          <Button type="submit" variant="ghost" size="xs" disabled={pending}>
            {pending ? "Saving…" : "Set password"}
          </Button>
          <Button variant="ghost" size="xs" onClick={() => setResetting(false)}>
            Cancel
          </Button>
        </div>
        {liveTokens > 0 && (
          <label className="flex items-center gap-1.5 text-xs text-zinc-600 dark:text-zinc-300">
            <input type="checkbox" name="revokeTokens" defaultChecked className="size-3.5" />
            Also revoke their {plural(liveTokens, "API token")} (hooks and scripts using them stop working)
          </label>
        )}
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
        <Button variant="ghost" size="xs" onClick={() => setResetting(true)} aria-label={`Reset password of ${email}`}>
          Reset password
        </Button>
        <Button
          variant="ghost"
          size="xs"
          disabled={pending}
          onClick={() => run("PATCH", path, { isAdmin: !isAdmin })}
          aria-label={`${isAdmin ? "Remove admin" : "Make admin"}: ${email}`}
        >
          {isAdmin ? "Remove admin" : "Make admin"}
        </Button>
        <ConfirmAction
          label="Delete"
          accessibleLabel={`Delete ${email}`}
          question="Delete this person?"
          confirmLabel="Yes, delete"
          path={path}
        />
      </div>
      {reset && (
        <p role="status" className="text-xs text-emerald-700 dark:text-emerald-300">
          Password set; they were signed out everywhere
          {reset.revokedTokens > 0 ? ` and their ${plural(reset.revokedTokens, "API token")} revoked` : ""}.
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
