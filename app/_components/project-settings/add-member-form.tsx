"use client";

import { useRef, type FormEvent } from "react";
import { Button } from "../button";
import { LABEL, SELECT } from "../forms/styles";
import { TextField } from "../forms/text-field";
import { useApiAction } from "../forms/use-api-action";
import { PROJECT_ROLE_CHOICES } from "./roles";
import { FormAlert } from "../forms/form-alert";

/** Gives someone who has an account a role in the project. */
export function AddMemberForm({ slug }: { slug: string }) {
  const form = useRef<HTMLFormElement>(null);
  const { pending, failure, run } = useApiAction();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    run(
      "PUT",
      `/api/v1/projects/${encodeURIComponent(slug)}/members`,
      { email: data.get("email"), role: data.get("role") },
      () => form.current?.reset(),
    );
  }

  const emailError = failure?.fields.email
    ? failure.status === 404
      ? failure.message
      : failure.fields.email
    : undefined;
  const general = failure && !failure.fields.email ? failure.message : null;
  return (
    <form ref={form} onSubmit={submit} aria-label="Add member" className="space-y-3">
      <div className="flex flex-wrap items-start gap-3">
        <div className="max-w-md min-w-56 flex-1">
          <TextField
            id="member-email"
            name="email"
            type="email"
            label="Email"
            required
            maxLength={254}
            autoComplete="off"
            placeholder="someone@example.com"
            error={emailError}
          />
        </div>
        <div>
          <label htmlFor="member-role" className={LABEL}>
            Role
          </label>
          <select id="member-role" name="role" defaultValue="member" className={`mt-1 h-9 ${SELECT}`}>
            {PROJECT_ROLE_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        <div className="pt-6">
          <Button type="submit" variant="primary" size="lg" disabled={pending}>
            {pending ? "Adding…" : "Add member"}
          </Button>
        </div>
      </div>
      <FormAlert message={general} />
      <ul className="space-y-0.5 text-xs text-zinc-500 dark:text-zinc-400">
        {PROJECT_ROLE_CHOICES.map((choice) => (
          <li key={choice.value}>
            <span className="font-medium text-zinc-700 dark:text-zinc-300">{choice.label}</span> {choice.hint}
          </li>
        ))}
      </ul>
    </form>
  );
}
