"use client";

import { useState, type FormEvent } from "react";
import { Button } from "../button";
import { HINT, LABEL, SELECT } from "../forms/styles";
import { FormAlert } from "../forms/form-alert";
import { useApiAction } from "../forms/use-api-action";

type Choice = "default" | "on" | "off";
const toChoice = (setting: boolean | null): Choice => (setting === null ? "default" : setting ? "on" : "off");
const toSetting = (choice: Choice): boolean | null => (choice === "default" ? null : choice === "on");

/**
 * Whether guidance waits for an owner before agents get it (docs/trust-model.md): on, off, or the default, which is
 * on once more than one person or token can put sessions in the project.
 */
export function ReviewSettingsForm({
  slug,
  setting,
  on,
  byDefault,
}: {
  slug: string;
  setting: boolean | null;
  on: boolean;
  byDefault: boolean;
}) {
  const { pending, failure, run } = useApiAction();
  const [choice, setChoice] = useState<Choice | null>(null);
  const chosen = choice ?? toChoice(setting);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    run("PATCH", `/api/v1/projects/${encodeURIComponent(slug)}`, { reviewGuidance: toSetting(chosen) }, () =>
      setChoice(null),
    );
  }

  return (
    <form onSubmit={submit} aria-label="Review guidance" className="space-y-3">
      <p aria-live="polite" className="text-sm text-zinc-700 dark:text-zinc-300">
        {on ? (
          <>
            <span className="font-medium">On:</span> agents get only guidance items an owner accepted on the Review
            page.
          </>
        ) : (
          <>
            <span className="font-medium">Off:</span> agents get every item as soon as uploaded sessions show it.
          </>
        )}
      </p>
      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        <div>
          <label htmlFor="review-guidance" className={LABEL}>
            Review guidance before agents get it
          </label>
          <select
            id="review-guidance"
            value={chosen}
            onChange={(event) => setChoice(event.target.value as Choice)}
            aria-describedby="review-hint"
            className={`mt-1 ${SELECT}`}
          >
            <option value="default">Default (now {byDefault ? "on" : "off"})</option>
            <option value="on">On</option>
            <option value="off">Off</option>
          </select>
        </div>
        <Button type="submit" variant="primary" size="lg" disabled={pending || chosen === toChoice(setting)}>
          {pending ? "Saving…" : "Save review setting"}
        </Button>
      </div>
      <p id="review-hint" className={HINT}>
        The default is on when the project has more than one member or its sessions came from more than one person or
        token: anyone with an ingest token can then change what every agent is told. Turning review on serves nothing
        new until an owner accepts it.
      </p>
      <FormAlert message={failure?.message} />
    </form>
  );
}
