"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

/** An unknown rule key: the rule may have been provisional once and dropped since. */
export default function RuleNotFound() {
  const rules = usePathname().replace(/\/[^/]*$/, "");
  return (
    <div className="mx-auto mt-10 max-w-md text-center">
      <h2 className="text-lg font-semibold">Rule not found</h2>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        This project has no rule with that key. Rules that were only ever provisional disappear when the data stops
        pointing their way.
      </p>
      <Link
        href={rules}
        className="mt-4 inline-block text-sm font-medium text-sky-700 hover:underline dark:text-sky-300"
      >
        All rules
      </Link>
    </div>
  );
}
