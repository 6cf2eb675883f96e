import { ConfirmAction } from "../forms/confirm-action";

/** Starts the experiment afresh (same share) after an inline confirmation. */
export function ResetExperiment({ slug }: { slug: string }) {
  return (
    <ConfirmAction
      look="section"
      label="Reset experiment"
      hint="Same share, counted afresh from now: for a new start after the guidance changed a lot."
      question="Start a new experiment? The sessions so far stay in the old one and leave the report."
      groupLabel="Reset the experiment?"
      confirmLabel="Yes, reset"
      pendingLabel="Resetting…"
      method="POST"
      path={`/api/v1/projects/${encodeURIComponent(slug)}/experiment/reset`}
    />
  );
}
