/** The centred card of the setup and sign-in pages. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby="auth-title"
      className="mx-auto mt-8 w-full max-w-sm rounded-lg border border-zinc-200 bg-white p-6 shadow-sm sm:mt-16 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h1 id="auth-title" className="text-lg font-semibold tracking-tight">
        {title}
      </h1>
      <div className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{intro}</div>
      <div className="mt-5">{children}</div>
    </section>
  );
}
