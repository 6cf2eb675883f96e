"use client";

import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Button, type ButtonSize, type ButtonVariant } from "../button";
import { ALERT, ERROR_TEXT } from "./styles";
import { useApiAction } from "./use-api-action";

/** Compact buttons for a table row, or full-size ones for a settings section. */
const LOOKS: Record<
  "row" | "section",
  { root: string; group: string; question: string; size: ButtonSize; button: ButtonVariant; error: string }
> = {
  row: {
    root: "flex flex-col items-end gap-1",
    group: "flex items-center gap-1",
    question: "text-xs font-medium whitespace-nowrap text-red-700 dark:text-red-300",
    size: "xs",
    button: "ghost",
    error: ERROR_TEXT,
  },
  section: {
    root: "space-y-2",
    group: "flex flex-wrap items-center gap-2",
    question: "text-sm font-medium text-red-700 dark:text-red-300",
    size: "lg",
    button: "secondary",
    error: ALERT,
  },
};

/**
 * A destructive action behind an inline confirmation ("Revoke this token?" Yes / Cancel); the safe choice takes
 * the focus, the focus goes back to the button when the confirmation closes, and the API's refusal stays beside it.
 */
export function ConfirmAction({
  label,
  accessibleLabel,
  hint,
  question,
  groupLabel = question,
  confirmLabel,
  pendingLabel = "Working…",
  method = "DELETE",
  path,
  body,
  look = "row",
}: {
  label: string;
  /** The button's name for assistive tech, naming what it acts on ("Revoke token laptop"). */
  accessibleLabel?: string;
  /** A line beside the button saying what it does. */
  hint?: string;
  question: string;
  /** The confirmation's name for assistive tech, when the question is too long to serve. */
  groupLabel?: string;
  confirmLabel: string;
  pendingLabel?: string;
  method?: "POST" | "DELETE" | "PATCH" | "PUT";
  path: string;
  body?: unknown;
  look?: keyof typeof LOOKS;
}) {
  const [confirming, setConfirming] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const { pending, failure, run } = useApiAction();
  const style = LOOKS[look];

  function close() {
    flushSync(() => setConfirming(false));
    trigger.current?.focus();
  }

  const button = (
    <Button
      ref={trigger}
      variant={style.button}
      size={style.size}
      aria-label={accessibleLabel}
      onClick={() => setConfirming(true)}
    >
      {label}
    </Button>
  );

  return (
    <div className={style.root}>
      {confirming ? (
        <div role="group" aria-label={groupLabel} className={style.group}>
          <span className={style.question}>{question}</span>
          <Button variant="danger" size={style.size} disabled={pending} onClick={() => run(method, path, body, close)}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
          <Button variant={style.button} size={style.size} autoFocus disabled={pending} onClick={close}>
            Cancel
          </Button>
        </div>
      ) : hint ? (
        <div className="flex flex-wrap items-center gap-3">
          {button}
          <span className="text-xs text-zinc-500 dark:text-zinc-400">{hint}</span>
        </div>
      ) : (
        button
      )}
      {failure && (
        <p role="alert" className={style.error}>
          {failure.message}
        </p>
      )}
    </div>
  );
}
