/** What someone who belongs to no project sees instead of data: the way in is an admin or a project owner. */
export function NoProjectAccess() {
  return (
    <section
      aria-labelledby="no-access-title"
      className="mx-auto mt-10 max-w-2xl rounded-lg border border-dashed border-zinc-300 bg-white p-8 dark:border-zinc-700 dark:bg-zinc-900"
    >
      <h1 id="no-access-title" className="text-lg font-semibold">
        No project yet
      </h1>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        You do not belong to any project on this Starlight yet. Ask an admin, or the owner of the project you work on, to add you; its
        sessions, rules and memories appear here as soon as they do.
      </p>
    </section>
  );
}
