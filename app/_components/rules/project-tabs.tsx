"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { usePathname } from "next/navigation";

/**
 * Sessions · Knowledge · Rules · Guidance · Review (with `reviewBadge`, the changes waiting) · Experiment · Ablation (· Settings, for those who manage the project) under a project's header; the
 * current one is marked for assistive tech too.
 */
export function ProjectTabs({
  slug,
  canManage = false,
  reviewBadge = null,
}: {
  slug: string;
  canManage?: boolean;
  reviewBadge?: ReactNode;
}) {
  const pathname = usePathname();
  const base = `/projects/${encodeURIComponent(slug)}`;
  const tabs = [
    { href: base, label: "Sessions", active: pathname === base },
    { href: `${base}/knowledge`, label: "Knowledge", active: pathname.startsWith(`${base}/knowledge`) },
    { href: `${base}/rules`, label: "Rules", active: pathname.startsWith(`${base}/rules`) },
    { href: `${base}/guidance`, label: "Guidance", active: pathname.startsWith(`${base}/guidance`) },
    { href: `${base}/review`, label: "Review", active: pathname.startsWith(`${base}/review`), badge: reviewBadge },
    { href: `${base}/experiment`, label: "Experiment", active: pathname.startsWith(`${base}/experiment`) },
    { href: `${base}/ablations`, label: "Ablation", active: pathname.startsWith(`${base}/ablations`) },
    ...(canManage
      ? [{ href: `${base}/settings`, label: "Settings", active: pathname.startsWith(`${base}/settings`) }]
      : []),
  ];
  return (
    <nav
      aria-label="Project"
      className="-mt-2 mb-5 overflow-x-auto shadow-[inset_0_-1px_0_var(--color-zinc-200)] [scrollbar-width:none] dark:shadow-[inset_0_-1px_0_var(--color-zinc-800)]"
    >
      <ul className="flex gap-1 whitespace-nowrap">
        {tabs.map((tab) => (
          <li key={tab.href}>
            <Link
              href={tab.href}
              aria-current={tab.active ? "page" : undefined}
              className="inline-block border-b-2 border-transparent px-2.5 py-2 sm:px-3 text-sm text-zinc-600 hover:text-zinc-900 aria-[current=page]:border-sky-600 aria-[current=page]:font-medium aria-[current=page]:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100 dark:aria-[current=page]:border-sky-400 dark:aria-[current=page]:text-zinc-100"
            >
              {tab.label}
              {"badge" in tab && tab.badge}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
