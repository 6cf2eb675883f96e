/**
 * The optional project for this upload, with why ACOS files need it and what it does to Claude Code files;
 * suggests the projects the viewer may upload to, and says so when a name that is none of them will be refused.
 */
export function ProjectField({
  value,
  slug,
  onChange,
  projects,
  mayCreate,
}: {
  value: string;
  slug: string | null;
  onChange: (value: string) => void;
  projects: string[];
  mayCreate: boolean;
}) {
  const invalid = value.trim() !== "" && slug === null;
  const renamed = slug !== null && slug !== value.trim();
  const refused = slug !== null && !mayCreate && !projects.includes(slug);
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
        list="upload-projects"
        spellCheck={false}
        aria-invalid={invalid}
        aria-describedby="upload-project-check upload-project-hint"
        className="mt-1 h-8 w-full rounded-md border border-zinc-300 bg-white px-2 text-sm text-zinc-900 aria-invalid:border-red-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
      />
      <datalist id="upload-projects">
        {projects.map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
      <p id="upload-project-check" aria-live="polite" className="text-xs">
        {invalid && (
          <span className="mt-1 block text-red-700 dark:text-red-300">Use letters or digits in the project name.</span>
        )}
        {renamed && (
          <span className="mt-1 block text-zinc-500 dark:text-zinc-400">
            Stored as <code className="font-mono text-zinc-700 dark:text-zinc-200">{slug}</code>
          </span>
        )}
        {refused && (
          <span className="mt-1 block text-amber-700 dark:text-amber-300">
            Not one of your projects: only an admin can create a project, so this upload will be refused.
          </span>
        )}
      </p>
      <p id="upload-project-hint" className="mt-2 text-xs leading-relaxed text-zinc-500 dark:text-zinc-400">
        Needed for ACOS files (<code className="font-mono">*_traj_*.json</code>,{" "}
        <code className="font-mono">patterns.json</code>), which do not say which project they belong to. Leave it empty
        for Claude Code transcripts: each one goes to the project it was recorded in. When filled, every file of this
        upload goes to this project.
      </p>
    </div>
  );
}
