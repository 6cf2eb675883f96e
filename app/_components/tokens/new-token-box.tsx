import { tokenSnippets } from "@/lib/auth/token-snippets";
import { Button } from "../button";
import { CopyButton } from "../copy-button";

/** The new token, shown this once, with ready-to-paste commands and hook settings that carry it. */
export function NewTokenBox({
  token,
  name,
  origin,
  cli,
  permissions,
  project,
  onDone,
}: {
  token: string;
  name: string;
  origin: string;
  cli: string;
  permissions: readonly string[];
  project: string | null;
  onDone: () => void;
}) {
  const snippets = tokenSnippets({ origin, token, permissions, project, cli });
  return (
    <section
      aria-labelledby="new-token-title"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-500/40 dark:bg-amber-500/10"
    >
      <h3 id="new-token-title" className="text-sm font-semibold text-amber-900 dark:text-amber-100">
        Copy the token “{name}” now
      </h3>
      <p className="mt-1 text-sm text-amber-900/80 dark:text-amber-100/80">
        This is the only time Starlight shows it: it keeps only a hash. If you lose it, revoke it and create another.
      </p>
      <div className="mt-3 flex items-center gap-2 rounded-md border border-amber-300 bg-white p-2 dark:border-amber-500/40 dark:bg-zinc-950">
        <code
          data-testid="new-token"
          className="min-w-0 flex-1 font-mono text-sm break-all text-zinc-900 dark:text-zinc-100"
        >
          {token}
        </code>
        <CopyButton text={token} label="Copy token" />
      </div>
      {snippets.map((snippet) => (
        <div key={snippet.id} className="mt-4">
          <h4 className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{snippet.title}</h4>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">{snippet.where}</p>
          <div className="mt-1.5 flex items-start gap-2 rounded-md bg-zinc-900 p-3 dark:bg-zinc-950">
            <pre
              data-testid={`snippet-${snippet.id}`}
              className="min-w-0 flex-1 font-mono text-xs leading-relaxed break-all whitespace-pre-wrap text-zinc-100"
            >
              {snippet.text}
            </pre>
            <CopyButton text={snippet.text} label="Copy" />
          </div>
        </div>
      ))}
      <p className="mt-3 text-xs text-zinc-600 dark:text-zinc-400">
        The commands run the CLI of the folder this server is installed in. On another computer, use the path of a
        Starlight clone there (or run <code className="font-mono">npm link</code> in it and use{" "}
        <code className="font-mono">starlight</code>).
      </p>
      <Button onClick={onDone} className="mt-4">
        I have copied it
      </Button>
    </section>
  );
}
