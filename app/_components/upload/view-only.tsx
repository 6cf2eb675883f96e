import Link from "next/link";

/** Shown instead of the upload form to someone who may read projects but upload to none. */
export function ViewOnly() {
  return (
    <section
      aria-labelledby="view-only-title"
      className="rounded-lg border border-dashed border-zinc-300 bg-white p-8 text-center dark:border-zinc-700 dark:bg-zinc-900"
    >
      <h2 id="view-only-title" className="font-medium">
        You have view-only access
      </h2>
      <p className="mx-auto mt-1 max-w-prose text-sm text-zinc-500 dark:text-zinc-400">
        You can read your projects&apos; sessions, rules and memories, but not upload to them. To upload, ask an admin or the project&apos;s
        owner to make you a member.
      </p>
      <Link href="/projects" className="mt-4 inline-block text-sm font-medium text-sky-700 hover:underline dark:text-sky-300">
        Go to your projects
      </Link>
    </section>
  );
}
