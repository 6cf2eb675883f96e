"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toProjectSlug } from "@/lib/project-slug";
import { callApi } from "../api/client";
import { Button } from "../button";
import { FormDialog } from "../forms/form-dialog";

/** "New project" (admins): a small dialog that creates an empty project, then opens it. */
export function NewProjectButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="primary" onClick={() => setOpen(true)} aria-haspopup="dialog">
        New project
      </Button>
      {open && <NewProjectDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function NewProjectDialog({ onClose }: { onClose: () => void }) {
  const router = useRouter();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const slug = name.trim() ? toProjectSlug(name) : null;

  function submit() {
    setError(null);
    startTransition(async () => {
      const result = await callApi<{ slug: string }>("POST", "/api/v1/projects", { name: name.trim() });
      if (!result.ok) {
        setError(result.failure.message);
        return;
      }
      router.push(`/projects/${encodeURIComponent(result.data.slug)}`);
    });
  }

  return (
    <FormDialog
      title="New project"
      width="narrow"
      error={error}
      submit={
        <Button type="submit" variant="primary" disabled={pending || slug === null}>
          {pending ? "Creating…" : "Create project"}
        </Button>
      }
      onSubmit={submit}
      onClose={onClose}
    >
      <label className="flex flex-col gap-1 text-xs font-medium text-zinc-500 dark:text-zinc-400">
        Name
        <input
          name="name"
          required
          maxLength={200}
          autoComplete="off"
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder="My app"
          className="h-8 rounded-md border border-zinc-300 bg-white px-2 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
        />
        <span className="font-normal">
          {slug ? (
            <>
              Its address and upload name: <code className="font-mono text-zinc-700 dark:text-zinc-200">{slug}</code>
            </>
          ) : (
            "Use letters or digits."
          )}
        </span>
      </label>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        It starts empty: add its people on its Settings tab, then upload sessions to it.
      </p>
    </FormDialog>
  );
}
