"use client";

import { useState, type FormEvent } from "react";
import { callApi } from "../api/client";
import { Button } from "../button";
import { INPUT, LABEL } from "../forms/styles";
import { FormAlert } from "../forms/form-alert";

/** Deletes the project after its slug is typed, then goes back to the project list. */
export function DeleteProject({ slug }: { slug: string }) {
  const [typed, setTyped] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (typed !== slug) return;
    setPending(true);
    setError(null);
    const result = await callApi("DELETE", `/api/v1/projects/${encodeURIComponent(slug)}`);
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load, so no cached page of the deleted project survives.
    if (result.ok) return window.location.assign("/projects");
    setError(result.failure.message);
    setPending(false);
  }

  return (
    <form onSubmit={submit} aria-label="Delete project" className="space-y-3">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        Deletes the project with all its sessions, memories, rules, guidance history and members, and takes it out of
        the tokens limited to it. This cannot be undone.
      </p>
      <div className="max-w-sm">
        <label htmlFor="delete-confirm" className={LABEL}>
          Type <code className="rounded bg-zinc-100 px-1 font-mono dark:bg-zinc-800">{slug}</code> to confirm
        </label>
        <input
          id="delete-confirm"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          className={`mt-1 ${INPUT}`}
        />
      </div>
      <FormAlert message={error} />
      <Button type="submit" variant="danger" size="lg" disabled={typed !== slug || pending}>
        {pending ? "Deleting…" : "Delete project"}
      </Button>
    </form>
  );
}
