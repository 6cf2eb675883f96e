import Link from "next/link";

/** The body of a 404 page: what is missing, and the way back. */
export function NotFoundMessage({ title, detail }: { title: string; detail: string }) {
  return (
    <div className="mx-auto mt-16 max-w-md text-center">
      <p className="text-sm font-medium text-zinc-500 dark:text-zinc-400">404</p>
      <h1 className="mt-1 text-xl font-semibold">{title}</h1>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{detail}</p>
      <Link
        href="/projects"
        className="mt-6 inline-block rounded-md bg-zinc-900 px-3 py-1.5 text-sm font-medium text-white hover:bg-zinc-700 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300"
      >
        Back to projects
      </Link>
    </div>
  );
}
