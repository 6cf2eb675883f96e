"use client";

import { useRef, useState, type FormEvent } from "react";
import { Button } from "../button";
import { CHECKBOX, ERROR_TEXT, HINT, LABEL } from "../forms/styles";
import { TextField } from "../forms/text-field";
import { useApiAction } from "../forms/use-api-action";
import { NewTokenBox } from "./new-token-box";

interface Created {
  token: string;
  name: string;
  permissions: string[];
  projects: string[];
}

const PERMISSIONS = [
  { value: "read", label: "Read", hint: "fetch guidance and read projects through the API" },
  { value: "ingest", label: "Ingest", hint: "upload sessions" },
] as const;

/** Creates an API token for the signed-in person, then shows it once with the commands that use it. */
/** `cli` runs the CLI of this server's own folder (the server knows where it is installed; the browser does not). */
export function TokenCreateForm({
  projects,
  origin,
  cli,
}: {
  projects: { slug: string; name: string }[];
  origin: string;
  cli: string;
}) {
  const form = useRef<HTMLFormElement>(null);
  const [scope, setScope] = useState<"all" | "some">("all");
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<Created | null>(null);
  const { pending, failure, run } = useApiAction();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const permissions = data.getAll("permission").map(String);
    const chosen = data.getAll("project").map(String);
    if (permissions.length === 0) return setProblem("Choose Read, Ingest or both.");
    if (scope === "some" && chosen.length === 0) return setProblem("Choose at least one project, or All my projects.");
    setProblem(null);
    run<Created>(
      "POST",
      "/api/v1/tokens",
      { name: data.get("name"), permissions, projects: scope === "all" ? "all" : chosen },
      (token) => {
        setCreated(token);
        form.current?.reset();
        setScope("all");
      },
    );
  }

  const error = problem ?? (failure && !failure.fields.name ? failure.message : null);
  return (
    <div className="space-y-4">
      {created && (
        <NewTokenBox
          token={created.token}
          name={created.name}
          origin={origin}
          cli={cli}
          permissions={created.permissions}
          project={created.projects.length === 1 ? created.projects[0]! : null}
          onDone={() => setCreated(null)}
        />
      )}
      <form
        ref={form}
        onSubmit={submit}
        aria-label="Create an API token"
        className="grid gap-4 md:grid-cols-[minmax(0,16rem)_auto_minmax(0,1fr)]"
      >
        <TextField
          id="token-name"
          name="name"
          label="Name"
          required
          maxLength={100}
          placeholder="laptop hook"
          hint="Say where it will be used."
          error={failure?.fields.name}
        />
        <fieldset>
          <legend className={LABEL}>Permissions</legend>
          <div className="mt-1.5 space-y-1.5">
            {PERMISSIONS.map((p) => (
              <label key={p.value} className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  name="permission"
                  value={p.value}
                  defaultChecked
                  className={`mt-0.5 ${CHECKBOX}`}
                />
                <span>
                  {p.label} <span className="text-xs text-zinc-500 dark:text-zinc-400">— {p.hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className={LABEL}>Projects</legend>
          <div className="mt-1.5 space-y-1.5">
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="scope"
                value="all"
                checked={scope === "all"}
                onChange={() => setScope("all")}
                className={CHECKBOX}
              />
              All my projects
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="scope"
                value="some"
                checked={scope === "some"}
                onChange={() => setScope("some")}
                disabled={projects.length === 0}
                className={CHECKBOX}
              />
              Only these projects:
            </label>
            {projects.length === 0 ? (
              <p className={HINT}>
                You cannot see any project yet; a token for all your projects reaches those you are added to later.
              </p>
            ) : (
              <div className="ml-6 flex max-h-36 flex-wrap gap-x-4 gap-y-1 overflow-y-auto">
                {projects.map((p) => (
                  <label key={p.slug} className="flex items-center gap-1.5 text-sm">
                    <input
                      type="checkbox"
                      name="project"
                      value={p.slug}
                      disabled={scope === "all"}
                      className={CHECKBOX}
                    />
                    <span className={scope === "all" ? "text-zinc-400 dark:text-zinc-500" : ""}>{p.name}</span>
                  </label>
                ))}
              </div>
            )}
          </div>
        </fieldset>
        <div className="flex flex-wrap items-center gap-3 md:col-span-3">
          <Button type="submit" variant="primary" size="lg" disabled={pending}>
            {pending ? "Creating…" : "Create token"}
          </Button>
          {error && (
            <p role="alert" className={ERROR_TEXT}>
              {error}
            </p>
          )}
        </div>
      </form>
    </div>
  );
}
