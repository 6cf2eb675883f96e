import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { EmptyExplained, NEXT_STEP } from "@/app/_components/empty-state";
import { AgentNotes } from "@/app/_components/knowledge/agent-notes";
import { KnowledgeList } from "@/app/_components/knowledge/knowledge-list";
import { MIN_OCCURRENCES } from "@/lib/knowledge/contract";
import { requireViewer } from "@/lib/server/auth/viewer";
import { knowledgeProvenance } from "@/lib/server/guidance-review";
import { KNOWLEDGE_SESSIONS, knowledgeEntries, projectAgentNotes } from "@/lib/server/knowledge";
import { loadProject } from "../load-project";
import { getDb } from "@/lib/server/database";

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const project = await loadProject((await requireViewer()).access, (await params).slug);
  return { title: project ? `Knowledge · ${project.name}` : "Project not found" };
}

/** What the project's own sessions teach: its commands, recurring failures, the user's words, files that change together. */
export default async function KnowledgePage({ params }: Props) {
  const { slug } = await params;
  const project = await loadProject((await requireViewer()).access, slug);
  if (!project) notFound();
  const entries = await knowledgeEntries(getDb(), project.id, slug);
  const notes = await projectAgentNotes(getDb(), project.id);
  if (entries.length === 0 && notes.length === 0) {
    return (
      <EmptyExplained title="Nothing learned from this project's sessions yet">
        <p>
          Knowledge is mined from the sessions themselves: the commands that test, lint, build and run the project,
          failures that came back and what worked, what the user asked for, and files that change together. Each item
          needs {MIN_OCCURRENCES} occurrences unless one is strong on its own (a correction, a fix after a failure).
        </p>
        <p>
          {project.sessions === 0 ? "This project has no sessions yet." : "The sessions so far show nothing twice."}{" "}
          Import more of its Claude Code sessions; ACOS records carry no commands or prompts.
        </p>
        <Link href="/upload" className={NEXT_STEP}>
          Upload sessions
        </Link>
      </EmptyExplained>
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Mined from the latest {KNOWLEDGE_SESSIONS} sessions of this project at most, without a model; an item needs{" "}
        {MIN_OCCURRENCES} occurrences unless one is strong on its own (a correction, a fix after a failure). Items head
        the{" "}
        <Link
          href={`/projects/${encodeURIComponent(slug)}/guidance`}
          className="font-medium text-sky-700 hover:underline dark:text-sky-300"
        >
          guidance
        </Link>{" "}
        while their memory is kept (with review on, once an owner accepted them); delete or pin the memory in the vault
        to change that.
      </p>
      <KnowledgeList
        slug={slug}
        entries={entries}
        provenance={
          await knowledgeProvenance(
            getDb(),
            project.id,
            entries.map((e) => e.item),
          )
        }
      />
      <AgentNotes notes={notes} />
    </div>
  );
}
