"use client";

import { useId, useState, useSyncExternalStore } from "react";
import { Button } from "../button";
import { useApiAction } from "../forms/use-api-action";
import { hydrated, INPUT } from "./styles";

const KINDS = [
  { value: "", label: "Detect automatically" },
  { value: "claude-projects", label: "Claude Code projects folder" },
  { value: "acos", label: "ACOS trajectories folder" },
  { value: "codex-sessions", label: "Codex CLI folder (~/.codex)" },
  { value: "gemini-tmp", label: "Gemini CLI folder (~/.gemini)" },
  { value: "opencode-storage", label: "OpenCode folder (~/.local/share/opencode)" },
  { value: "antigravity-brain", label: "Antigravity CLI folder (~/.gemini/antigravity-cli)" },
] as const;

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-xs text-red-700 dark:text-red-300">
      {message}
    </p>
  );
}

/** Registers a server-side folder with `POST /api/v1/sources`, showing the API's errors beside the fields. */
export function RegisterSourceForm() {
  const id = useId();
  const { pending, failure: problem, run } = useApiAction();
  const ready = useSyncExternalStore(...hydrated);
  const [done, setDone] = useState<string | null>(null);

  function submit(form: HTMLFormElement) {
    const data = new FormData(form);
    const text = (key: string) => String(data.get(key) ?? "").trim();
    const body: Record<string, string> = { name: text("name"), path: text("path") };
    if (text("kind")) body.kind = text("kind");
    if (text("project")) body.project = text("project");
    setDone(null);
    run("POST", "/api/v1/sources", body, () => {
      form.reset();
      setDone(`Registered “${body.name}”. Sync all to import it.`);
    });
  }

  const field = (name: string) => ({
    id: `${id}-${name}`,
    name,
    "aria-invalid": problem?.fields[name] ? true : undefined,
    "aria-describedby": problem?.fields[name] ? `${id}-${name}-error` : undefined,
  });
  const label = "mb-1 block text-xs font-medium text-zinc-600 dark:text-zinc-300";

  return (
    <form
      aria-label="Register a folder"
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit(event.currentTarget);
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-name`} className={label}>
            Name
          </label>
          <input {...field("name")} required maxLength={64} placeholder="laptop" className={INPUT} autoComplete="off" />
          <FieldError id={`${id}-name-error`} message={problem?.fields.name} />
        </div>
        <div>
          <label htmlFor={`${id}-kind`} className={label}>
            Kind
          </label>
          <select {...field("kind")} className={INPUT} defaultValue="">
            {KINDS.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </select>
          <FieldError id={`${id}-kind-error`} message={problem?.fields.kind} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-path`} className={label}>
            Folder on the server
          </label>
          <input
            {...field("path")}
            required
            placeholder="/home/me/.claude/projects"
            className={`${INPUT} font-mono`}
            autoComplete="off"
            spellCheck={false}
          />
          <FieldError id={`${id}-path-error`} message={problem?.fields.path} />
        </div>
        <div>
          <label htmlFor={`${id}-project`} className={label}>
            Project <span className="font-normal text-zinc-400">(required for ACOS; optional override otherwise)</span>
          </label>
          <input {...field("project")} maxLength={200} placeholder="my-app" className={INPUT} autoComplete="off" />
          <FieldError id={`${id}-project-error`} message={problem?.fields.project} />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="primary" disabled={pending || !ready}>
          {pending ? "Registering…" : "Register folder"}
        </Button>
        {problem && Object.keys(problem.fields).length === 0 && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {problem.message}
          </p>
        )}
        {problem && Object.keys(problem.fields).length > 0 && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            Check the fields above.
          </p>
        )}
        {done && (
          <p role="status" className="text-sm text-emerald-700 dark:text-emerald-300">
            {done}
          </p>
        )}
      </div>
    </form>
  );
}
