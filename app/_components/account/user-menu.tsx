"use client";

import Link from "next/link";
import { useEffect, useId, useRef, useState } from "react";
import { callApi } from "../api/client";
import { Button, buttonClass } from "../button";

const ITEM = buttonClass({ variant: "ghost", size: "item" });

/**
 * The signed-in person's menu in the top bar: who they are, their settings, the admin pages, and sign-out.
 * A disclosure: the button toggles it (aria-expanded); Escape or a click elsewhere closes it.
 */
export function UserMenu({ name, email, isAdmin }: { name: string; email: string; isAdmin: boolean }) {
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  async function signOut() {
    setSigningOut(true);
    await callApi("DELETE", "/api/v1/session");
    // A full load drops every page the client router has cached for the signed-in person.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a client navigation would keep those cached pages.
    window.location.assign("/sign-in");
  }

  const close = () => setOpen(false);
  return (
    <div ref={root} className="relative">
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        className="max-w-[12rem] text-sm sm:px-2"
      >
        <span
          aria-hidden
          className="flex size-6 shrink-0 items-center justify-center rounded-full bg-sky-100 text-xs font-semibold text-sky-800 dark:bg-sky-500/20 dark:text-sky-200"
        >
          {name.trim().charAt(0).toUpperCase() || "?"}
        </span>
        <span className="truncate max-sm:sr-only">{name}</span>
        <svg
          width="12"
          height="12"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden
          className="shrink-0 max-sm:hidden"
        >
          <path d="M6 9l6 6 6-6" />
        </svg>
      </Button>
      <div
        id={menuId}
        hidden={!open}
        className="absolute right-0 z-20 mt-1 w-60 rounded-lg border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
      >
        <div className="border-b border-zinc-200 px-2 pt-1 pb-2 dark:border-zinc-800">
          <p className="truncate text-sm font-medium">{name}</p>
          <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{email}</p>
          {isAdmin && <p className="mt-1 text-xs font-medium text-amber-700 dark:text-amber-300">Instance admin</p>}
        </div>
        <nav aria-label="Account" className="py-1">
          <Link href="/settings" onClick={close} className={ITEM}>
            Settings
          </Link>
          <Link href="/settings/api" onClick={close} className={ITEM}>
            API
          </Link>
          {isAdmin && (
            <>
              <Link href="/settings/people" onClick={close} className={ITEM}>
                People
              </Link>
              <Link href="/settings/audit" onClick={close} className={ITEM}>
                Audit log
              </Link>
            </>
          )}
        </nav>
        <div className="border-t border-zinc-200 pt-1 dark:border-zinc-800">
          <Button variant="ghost" size="item" onClick={signOut} disabled={signingOut}>
            {signingOut ? "Signing out…" : "Sign out"}
          </Button>
        </div>
      </div>
    </div>
  );
}
