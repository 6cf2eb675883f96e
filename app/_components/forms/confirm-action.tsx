"use client";

import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import { DANGER, ERROR_TEXT, ROW_ACTION } from "./styles";
import { useApiAction } from "./use-api-action";

/**
 * A row's destructive action behind an inline confirmation ("Revoke this token?" Yes / Cancel); the safe
 * choice takes the focus, and the API's refusal stays beside the button.
 */
export function ConfirmAction({
  label,
  accessibleLabel,
  question,
  confirmLabel,
  method = "DELETE",
  path,
  body,
}: {
  label: string;
  /** The button's name for assistive tech, naming what it acts on ("Revoke token laptop"). */
  accessibleLabel: string;
  question: string;
  confirmLabel: string;
  method?: "DELETE" | "PATCH" | "PUT";
  path: string;
  body?: unknown;
}) {
  const [confirming, setConfirming] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const { pending, failure, run } = useApiAction();

  function cancel() {
    flushSync(() => setConfirming(false));
    trigger.current?.focus();
  }

  return (
    <div className="flex flex-col items-end gap-1">
      {confirming ? (
        <div role="group" aria-label={question} className="flex items-center gap-1">
          <span className="text-xs font-medium whitespace-nowrap text-red-700 dark:text-red-300">{question}</span>
          <button type="button" disabled={pending} onClick={() => run(method, path, body, () => setConfirming(false))} className={DANGER}>
            {pending ? "Working…" : confirmLabel}
          </button>
          <button type="button" autoFocus disabled={pending} onClick={cancel} className={ROW_ACTION}>
            Cancel
          </button>
        </div>
      ) : (
        <button ref={trigger} type="button" aria-label={accessibleLabel} onClick={() => setConfirming(true)} className={ROW_ACTION}>
          {label}
        </button>
      )}
      {failure && (
        <p role="alert" className={ERROR_TEXT}>
          {failure.message}
        </p>
      )}
    </div>
  );
}
