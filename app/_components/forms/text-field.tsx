import type { ComponentProps } from "react";
import { ERROR_TEXT, HINT, INPUT, LABEL } from "./styles";

/** A labelled input with an optional hint and the API's message for it, both tied to the input for screen readers. */
export function TextField({
  id,
  label,
  hint,
  error,
  ...input
}: Omit<ComponentProps<"input">, "id"> & { id: string; label: string; hint?: string; error?: string }) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`mt-1 ${INPUT}`}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className={HINT}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={`mt-1 ${ERROR_TEXT}`}>
          {error}
        </p>
      )}
    </div>
  );
}
