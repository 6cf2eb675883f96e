"use client";

import { useEffect, useId, useRef, type FormEvent, type ReactNode } from "react";
import { Button } from "../button";
import { ERROR_TEXT } from "./styles";

const WIDTH = {
  narrow: "w-[min(28rem,calc(100vw-2rem))]",
  wide: "w-[min(36rem,calc(100vw-2rem))]",
} as const;

/**
 * A modal form, opened on mount and closed with Escape, Cancel or `close` (handed to `onSubmit` for a
 * successful save): a titled form, the API's error inline so nothing typed is lost, and Cancel beside the
 * caller's submit button. `onClose` runs however it closed, so the opener can unmount it.
 */
export function FormDialog({
  title,
  width,
  error,
  submit,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  width: keyof typeof WIDTH;
  error: string | null;
  /** The submit button, styled by the caller. */
  submit: ReactNode;
  onSubmit: (form: HTMLFormElement, close: () => void) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const errorId = useId();
  useEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
  }, []);
  const close = () => dialog.current?.close();

  function submitForm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit(event.currentTarget, close);
  }

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby={titleId}
      className={`m-auto ${WIDTH[width]} rounded-lg border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-zinc-950/50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100`}
    >
      <form onSubmit={submitForm} aria-describedby={error ? errorId : undefined} className="space-y-4 p-5">
        <h2 id={titleId} className="text-base font-semibold">
          {title}
        </h2>
        {children}
        {error && (
          <p id={errorId} role="alert" className={ERROR_TEXT}>
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button onClick={close}>Cancel</Button>
          {submit}
        </div>
      </form>
    </dialog>
  );
}
