"use client";

import { useEffect, useSyncExternalStore } from "react";
import { Button } from "./button";
import { THEME_CHOICES, THEME_COOKIE, THEME_STORAGE_KEY, type ThemeChoice } from "./theme-script";

const listeners = new Set<() => void>();
const COOKIE_PATTERN = new RegExp(`(?:^|; )${THEME_COOKIE}=(light|dark)(?:;|$)`);

function readChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    if (stored === "light" || stored === "dark") return stored;
  } catch {
    // Storage can be disabled; the cookie still remembers the choice.
  }
  const match = document.cookie.match(COOKIE_PATTERN);
  return match?.[1] === "light" || match?.[1] === "dark" ? match[1] : "system";
}

const systemDark = () => matchMedia("(prefers-color-scheme: dark)");

function apply(choice: ThemeChoice) {
  const dark = choice === "dark" || (choice === "system" && systemDark().matches);
  document.documentElement.classList.toggle("dark", dark);
}

function choose(choice: ThemeChoice) {
  try {
    if (choice === "system") localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage can be disabled; the cookie below is enough.
  }
  document.cookie =
    choice === "system"
      ? `${THEME_COOKIE}=; path=/; max-age=0; SameSite=Lax`
      : `${THEME_COOKIE}=${choice}; path=/; max-age=31536000; SameSite=Lax`;
  apply(choice);
  listeners.forEach((listener) => listener());
}

/** Follows choices made in other tabs, and the system's scheme while the choice is "system". */
function subscribe(onChange: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    apply(readChoice());
    onChange();
  };
  const onSystem = () => apply(readChoice());
  const system = systemDark();
  listeners.add(onChange);
  window.addEventListener("storage", onStorage);
  system.addEventListener("change", onSystem);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener("storage", onStorage);
    system.removeEventListener("change", onSystem);
  };
}

const LABELS: Record<ThemeChoice, string> = { light: "Light theme", dark: "Dark theme", system: "System theme" };

function Icon({ choice }: { choice: ThemeChoice }) {
  const common = {
    width: 16,
    height: 16,
    viewBox: "0 0 24 24",
    fill: "none",
    stroke: "currentColor",
    strokeWidth: 2,
    "aria-hidden": true,
  };
  if (choice === "light") {
    return (
      <svg {...common}>
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
      </svg>
    );
  }
  if (choice === "dark") {
    return (
      <svg {...common}>
        <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
      </svg>
    );
  }
  return (
    <svg {...common}>
      <rect x="3" y="4" width="18" height="12" rx="2" />
      <path d="M8 20h8M12 16v4" />
    </svg>
  );
}

/** Light / dark / follow the system; remembered in localStorage and a cookie. */
export function ThemeToggle() {
  const current = useSyncExternalStore(subscribe, readChoice, () => "system" as const);
  // The <head> script does this before paint; pages React renders on the client (e.g. 404s) need it here too.
  useEffect(() => apply(readChoice()), []);
  return (
    <div
      role="group"
      aria-label="Colour theme"
      className="flex items-center rounded-md border border-zinc-200 p-0.5 dark:border-zinc-800"
    >
      {THEME_CHOICES.map((choice) => (
        <Button
          key={choice}
          variant="ghost"
          size="icon"
          aria-label={LABELS[choice]}
          title={LABELS[choice]}
          aria-pressed={current === choice}
          onClick={() => choose(choice)}
        >
          <Icon choice={choice} />
        </Button>
      ))}
    </div>
  );
}
