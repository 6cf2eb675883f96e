"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toProjectSlug } from "@/lib/project-slug";
import { FormDialog } from "../forms/form-dialog";

const PRIMARY =
  "inline-flex h-8 items-center justify-center rounded-md bg-zinc-900 px-3 text-sm font-medium whitespace-nowrap text-white hover:bg-zinc-700 disabled:opacity-50 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300";

/** "New project" (admins): a small dialog that creates an empty project, then opens it. */
export function NewProjectButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} aria-haspopup="dialog" className={PRIMARY}>
        New project
      </button>
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
      const response = await fetch("/api/v1/projects", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: name.trim() }),
      }).catch(() => null);
      const body = (await response?.json().catch(() => null)) as { slug?: string; error?: { message?: string } } | null;
      if (!response?.ok || !body?.slug) {
        setError(body?.error?.message ?? "Could not create the project; is the server running?");
        return;
      }
      router.push(`/projects/${encodeURIComponent(body.slug)}`);
    });
  }

  return (
    <FormDialog
      title="New project"
      width="narrow"
      error={error}
      submit={
        <button type="submit" disabled={pending || slug === null} className={PRIMARY}>
          {pending ? "Creating…" : "Create project"}
        </button>
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
      <p className="text-xs text-zinc-500 dark:text-zinc-400">It starts empty: add its people on its Settings tab, then upload sessions to it.</p>
    </FormDialog>
  );
}
