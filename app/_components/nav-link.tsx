"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

/** A top-bar link marked as the current page for its own path and everything under `match`. */
export function NavLink({
  href,
  match,
  children,
}: {
  href: string;
  match: readonly string[];
  children: React.ReactNode;
}) {
  const pathname = usePathname();
  const active = pathname === href || match.some((prefix) => pathname.startsWith(prefix));
  return (
    <Link
      href={href}
      aria-current={active ? "page" : undefined}
      className="rounded-md px-2 py-1 text-sm text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 aria-[current=page]:font-medium aria-[current=page]:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800/60 dark:hover:text-zinc-100 dark:aria-[current=page]:text-zinc-100"
    >
      {children}
    </Link>
  );
}
