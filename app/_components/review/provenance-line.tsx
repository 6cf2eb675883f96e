import type { Provenance, UploaderShare } from "@/lib/guidance/provenance";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
const UNKNOWN = "uploader not recorded (stored before uploads were)";

function Uploaders({ uploaders }: { uploaders: UploaderShare[] }) {
  if (uploaders.length === 0) return <span>no sessions</span>;
  return (
    <>
      {uploaders.map((u, i) => (
        <span key={u.label ?? ""}>
          {i > 0 && ", "}
          <span className="font-medium text-zinc-700 dark:text-zinc-300">{u.label ?? UNKNOWN}</span> (
          {plural(u.sessions, "session")})
        </span>
      ))}
    </>
  );
}

/** Who an item rests on (docs/trust-model.md#provenance), in one line. */
export function ProvenanceLine({ provenance }: { provenance: Provenance }) {
  const body = (() => {
    switch (provenance.basis) {
      case "cited":
        return (
          <>
            Sessions it cites uploaded by <Uploaders uploaders={provenance.uploaders} />
          </>
        );
      case "project":
        return (
          <>
            A statistic over the project&apos;s sessions, uploaded by <Uploaders uploaders={provenance.uploaders} />
          </>
        );
      case "pinned":
        return <>Pinned by {provenance.by ?? "a person (not recorded)"}</>;
      case "projects":
        return <>From the projects {provenance.projects.join(", ")}</>;
      case "agent-notes":
        return <>Written by an agent in its own memory: {provenance.files.join(", ")}</>;
    }
  })();
  return <p className="text-xs text-zinc-500 dark:text-zinc-400">{body}</p>;
}
