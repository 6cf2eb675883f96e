"use client";

import { useState } from "react";
import type { MemoryInput } from "@/lib/memory/contract";
import { redactedNotice } from "@/lib/memory/redacted-notice";
import { failureText } from "@/lib/http/api-failure";
import { MEMORY_CATEGORIES } from "@/lib/session";
import { Button } from "../button";
import { FormDialog } from "../forms/form-dialog";
import { useApiAction } from "../forms/use-api-action";
import type { Curation } from "./curation";
import { changedFields, readMemoryForm } from "./read-memory-form";
import { FIELD, LABEL } from "./styles";

/** What the API answers for a saved memory, as far as this form reads it. */
interface Saved {
  redacted: number;
}

/**
 * A modal form that adds a memory (no `id`) or edits one, closed by a successful save; its projects are those
 * the viewer may curate.
 */
export function MemoryFormDialog({
  id,
  initial,
  curation,
  onClose,
}: {
  id?: number;
  initial: MemoryInput;
  curation: Curation;
  onClose: () => void;
}) {
  const { projects } = curation;
  const { pending, failure, run: request } = useApiAction();
  // Set once a save took secrets out: the dialog stays open to say so, and its button closes it.
  const [redacted, setRedacted] = useState<number | null>(null);

  function submit(form: HTMLFormElement, close: () => void) {
    if (redacted !== null) return close();
    const saved = (memory: Saved) => (memory.redacted > 0 ? setRedacted(memory.redacted) : close());
    const input = readMemoryForm(new FormData(form));
    if (id === undefined) return request("POST", "/api/v1/memories", input, saved);
    const patch = changedFields(initial, input);
    if (Object.keys(patch).length === 0) return close();
    request("PATCH", `/api/v1/memories/${id}`, patch, saved);
  }

  const knownProject = !initial.project || projects.some((p) => p.slug === initial.project);
  return (
    <FormDialog
      title={id === undefined ? "Add a memory" : "Edit memory"}
      width="wide"
      error={failure && failureText(failure)}
      submit={
        <Button type="submit" variant="primary" disabled={pending}>
          {redacted !== null ? "Done" : pending ? "Saving…" : id === undefined ? "Add memory" : "Save changes"}
        </Button>
      }
      onSubmit={submit}
      onClose={onClose}
    >
      {redacted !== null && (
        <p
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          {redactedNotice(redacted)}
        </p>
      )}
      <label className={LABEL}>
        Content
        <textarea
          name="content"
          required
          rows={5}
          defaultValue={initial.content}
          placeholder="What should agents remember? One or two plain sentences."
          className={`${FIELD} h-auto py-1.5 leading-relaxed`}
        />
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        <label className={LABEL}>
          Category
          <select name="category" defaultValue={initial.category} className={FIELD}>
            {MEMORY_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <label className={LABEL}>
          Confidence (%)
          <input
            type="number"
            name="confidence"
            required
            min={0}
            max={100}
            step={1}
            defaultValue={Math.round(initial.confidence * 100)}
            className={`${FIELD} tabular-nums`}
          />
          {id !== undefined && (
            <span className="font-normal">As learned; changing what it says restarts its decay.</span>
          )}
        </label>
        <label className={LABEL}>
          Project
          <select name="project" defaultValue={initial.project ?? ""} className={FIELD}>
            {curation.global && <option value="">No project (applies everywhere)</option>}
            {!knownProject && initial.project && <option value={initial.project}>{initial.project}</option>}
            {projects.map((p) => (
              <option key={p.slug} value={p.slug}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <label className={LABEL}>
          Tags
          <input name="tags" defaultValue={initial.tags.join(" ")} placeholder="testing flaky-ci" className={FIELD} />
          <span className="font-normal">Separated by spaces or commas.</span>
        </label>
      </div>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          name="pinned"
          defaultChecked={initial.pinned}
          className="mt-0.5 size-4 accent-amber-500"
        />
        <span>
          Pinned <span className="text-zinc-500 dark:text-zinc-400">— never decays and always reaches guidance</span>
        </span>
      </label>
    </FormDialog>
  );
}
