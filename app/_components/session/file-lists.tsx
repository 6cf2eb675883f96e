import { formatCount } from "@/lib/format";

function FileList({ title, files, empty }: { title: string; files: string[]; empty: string }) {
  return (
    <div className="min-w-0">
      <h3 className="mb-2 text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
        {title} <span className="tabular-nums">({formatCount(files.length)})</span>
      </h3>
      {files.length === 0 ? (
        <p className="text-sm text-zinc-400 dark:text-zinc-500">{empty}</p>
      ) : (
        <ul className="max-h-72 space-y-1 overflow-y-auto font-mono text-xs">
          {files.map((file) => (
            <li key={file} className="break-all">
              {file}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The files the session modified, then the files it read. */
export function FileLists({ read, modified }: { read: string[]; modified: string[] }) {
  return (
    <div className="space-y-5">
      <FileList title="Modified" files={modified} empty="No files modified." />
      <FileList title="Read" files={read} empty="No files read, or the source does not list them." />
    </div>
  );
}
