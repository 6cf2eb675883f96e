/** The optional project for this upload, with why ACOS files need it and what it does to Claude Code files. */
export function ProjectField({ value, slug, onChange }: { value: string; slug: string | null; onChange: (value: string) => void }) {
  const invalid = value.trim() !== "" && slug === null;
  const renamed = slug !== null && slug !== value.trim();
  return (
    <div>
      <label htmlFor="upload-project" className="text-sm font-medium">
        Project <span className="font-normal text-zinc-500 dark:text-zinc-400">(optional)</span>
      </label>
      <input
        id="upload-project"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="my-app"
        maxLength={200}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={invalid}
        aria-describedby="upload-project-check upload-project-hint"
        className="mt-1 h-8 w-full rounded-md border border-zinc-300 bg-white px-2 text-sm text-zinc-900 aria-invalid:border-red-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
      />
      <p id="upload-project-check" aria-live="polite" className="text-xs">
        {invalid && <span className="mt-1 block text-red-700 dark:text-red-300">Use letters or digits in the project name.</span>}
        {renamed && (
          <span className="mt-1 block text-zinc-500 dark:text-zinc-400">
            Stored as <code className="font-mono text-zinc-700 dark:text-zinc-200">{slug}</code>
          </span>
        )}
      </p>
      <p id="upload-project-hint" className="mt-2 text-xs leading-relaxed text-zinc-500 dark:text-zinc-400">
        Needed for ACOS files (<code className="font-mono">*_traj_*.json</code>, <code className="font-mono">patterns.json</code>), which do not
        say which project they belong to. Leave it empty for Claude Code transcripts: each one goes to the project it was recorded in. When
        filled, every file of this upload goes to this project.
      </p>
    </div>
  );
}
