"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";
import { FIELD, LABEL } from "./styles";

const DEBOUNCE_MS = 250;

/**
 * The search field: typing updates `?q=` in place (debounced, no scroll, other filters kept, back to the
 * first page) so the server re-renders the results; Enter submits the surrounding form, which also works
 * without JavaScript. The field follows the URL when it changes for another reason (a link, Back).
 */
export function SearchBox() {
  const router = useRouter();
  const pathname = usePathname();
  const urlQuery = useSearchParams().get("q") ?? "";
  const [value, setValue] = useState(urlQuery);
  const [sent, setSent] = useState(urlQuery);
  const [seen, setSeen] = useState(urlQuery);
  const [pending, startTransition] = useTransition();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (urlQuery !== seen) {
    setSeen(urlQuery);
    if (urlQuery !== sent) {
      setValue(urlQuery);
      setSent(urlQuery);
    }
  }

  function change(next: string) {
    setValue(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const params = new URLSearchParams(window.location.search);
      if (next.trim()) params.set("q", next);
      else params.delete("q");
      params.delete("offset");
      setSent(next);
      const query = params.toString();
      startTransition(() => router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false }));
    }, DEBOUNCE_MS);
  }

  return (
    <div className="relative min-w-56 flex-[2_1_16rem]">
      <label className={LABEL}>
        Search
        <input
          type="search"
          name="q"
          value={value}
          onChange={(event) => change(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") clearTimeout(timer.current);
          }}
          placeholder="Words, “a phrase” or a prefix*"
          maxLength={1000}
          autoComplete="off"
          className={FIELD}
        />
      </label>
      <span aria-live="polite" className="absolute top-0 right-0 text-xs text-zinc-500 dark:text-zinc-400">
        {pending ? "Searching…" : ""}
      </span>
    </div>
  );
}
