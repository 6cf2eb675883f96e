"use client";

import { useRef, useState, type FormEvent } from "react";
import { Button } from "../button";
import { ALERT, CHECKBOX, SUCCESS } from "../forms/styles";
import { TextField } from "../forms/text-field";
import { useApiAction } from "../forms/use-api-action";

/** An admin adds a person with a first password to hand them; the API's messages appear beside the fields. */
export function AddPersonForm({ passwordMinLength }: { passwordMinLength: number }) {
  const form = useRef<HTMLFormElement>(null);
  const [added, setAdded] = useState<string | null>(null);
  const { pending, failure, run } = useApiAction();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setAdded(null);
    const body = {
      email: data.get("email"),
      name: data.get("name"),
      password: data.get("password"),
      isAdmin: data.get("isAdmin") === "on",
    };
    run<{ email: string }>("POST", "/api/v1/users", body, (user) => {
      form.current?.reset();
      setAdded(user.email);
    });
  }

  const fields = failure?.fields ?? {};
  const general = failure && Object.keys(fields).length === 0 ? failure.message : null;
  return (
    <form ref={form} onSubmit={submit} noValidate aria-label="Add person" className="space-y-3">
      <TextField
        id="person-email"
        name="email"
        type="email"
        label="Email"
        required
        maxLength={254}
        autoComplete="off"
        error={fields.email}
      />
      <TextField
        id="person-name"
        name="name"
        label="Name"
        required
        maxLength={100}
        autoComplete="off"
        error={fields.name}
      />
      <TextField
        id="person-password"
        name="password"
        type="password"
        label="Initial password"
        required
        minLength={passwordMinLength}
        autoComplete="new-password"
        hint={`At least ${passwordMinLength} characters. Hand it to them; they can change it in Settings.`}
        error={fields.password}
      />
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name="isAdmin" className={`mt-0.5 ${CHECKBOX}`} />
        <span>
          Admin{" "}
          <span className="text-zinc-500 dark:text-zinc-400">
            — sees every project, manages people and reads the audit log
          </span>
        </span>
      </label>
      {general && (
        <p role="alert" className={ALERT}>
          {general}
        </p>
      )}
      {added && (
        <p role="status" className={SUCCESS}>
          Added {added}. Give them access on each project&apos;s Settings tab.
        </p>
      )}
      <Button type="submit" variant="primary" size="lg" disabled={pending}>
        {pending ? "Adding…" : "Add person"}
      </Button>
    </form>
  );
}
