import Link from "next/link";
import { buttonClass } from "./button";

/** The body of a 404 page: what is missing, and the way back. */
export function NotFoundMessage({ title, detail }: { title: string; detail: string }) {
  return (
    <div className="mx-auto mt-16 max-w-md text-center">
      <p className="text-sm font-medium text-zinc-500 dark:text-zinc-400">404</p>
      <h1 className="mt-1 text-xl font-semibold">{title}</h1>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{detail}</p>
      <Link href="/projects" className={buttonClass({ variant: "primary", className: "mt-6" })}>
        Back to projects
      </Link>
    </div>
  );
}
