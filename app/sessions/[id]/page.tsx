import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { getSession } from "@/lib/server/sessions";
import { can, type Access } from "@/lib/auth/access";
import { requireViewer } from "@/lib/server/auth/viewer";
import { Panel } from "@/app/_components/panel";
import { FileLists } from "@/app/_components/session/file-lists";
import { MemoryCard } from "@/app/_components/session/memory-card";
import { OperationsTable } from "@/app/_components/session/operations-table";
import { PromptsList } from "@/app/_components/session/prompts-list";
import { RawRecord } from "@/app/_components/session/raw-record";
import { ScrollToHash } from "@/app/_components/scroll-to-hash";
import { SessionFeatures } from "@/app/_components/session/session-features";
import { wasRefused } from "@/lib/ingest/refusal";
import { SessionHeader } from "@/app/_components/session/session-header";
import { SessionOverview } from "@/app/_components/session/session-overview";
import { SubagentsTable } from "@/app/_components/session/subagents-table";
import { SuccessPanel } from "@/app/_components/session/success-panel";
import { ToolChart } from "@/app/_components/session/tool-chart";
import { formatCount, formatQuantity, sourceName } from "@/lib/format";
import { storedSubagents } from "@/lib/stored-subagents";
import { withVisibleControls } from "@/lib/visible-controls";
import type { Prompt } from "@/lib/session";
import { parseSessionId } from "./session-id";
import { getDb } from "@/lib/server/database";

type Props = { params: Promise<{ id: string }> };

/** "3 prompts, 1 correction": how many of the person's prompts answered a refusal or an interruption. */
function correctionsNote(prompts: readonly Prompt[]): string {
  const corrections = prompts.filter((p) => p.after !== null).length;
  const count = (n: number, word: string) => `${formatCount(n)} ${word}${n === 1 ? "" : "s"}`;
  return corrections > 0
    ? `${count(prompts.length, "prompt")}, ${count(corrections, "correction")}`
    : count(prompts.length, "prompt");
}

/**
 * The session, when the viewer may read its project; else null, as for an unknown id. Its text is shown with its
 * bidirectional controls made visible (lib/visible-controls.ts), so no upload can make it display other than it is.
 */
const load = cache(async (access: Access, text: string) => {
  const id = parseSessionId(text);
  const detail = id === null ? null : await getSession(getDb(), id);
  return detail && can(access, "read", detail.session.projectId) ? withVisibleControls(detail) : null;
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const detail = await load((await requireViewer()).access, (await params).id);
  return { title: detail ? (detail.session.task ?? detail.session.externalId) : "Session not found" };
}

export default async function SessionPage({ params }: Props) {
  const { access } = await requireViewer();
  const detail = await load(access, (await params).id);
  if (!detail) notFound();
  const { session: s } = detail;
  const tools = Object.entries(s.toolBreakdown)
    .map(([tool, calls]) => ({ tool, calls }))
    .sort((a, b) => b.calls - a.calls || a.tool.localeCompare(b.tool));
  const subagents = storedSubagents(s.raw);

  return (
    <>
      <SessionHeader detail={detail} />
      <div className="grid gap-4 lg:grid-cols-3">
        <Panel title="Overview" id="overview" className="lg:col-span-2">
          <SessionOverview session={s} />
        </Panel>
        <Panel title="Success" id="success">
          <SuccessPanel session={s} mayJudge={can(access, "curate", s.projectId)} />
        </Panel>
        <Panel title="Features" id="features" className="lg:col-span-2">
          <SessionFeatures session={s} refused={detail.operations.filter(wasRefused).length} />
        </Panel>
        <Panel title="Memory" id="memory">
          <MemoryCard memory={detail.memory} />
        </Panel>
        <Panel
          title="Tool calls by tool"
          id="tools"
          aside={`${formatCount(s.operationCount)} operations`}
          className="lg:col-span-2"
        >
          {tools.length > 0 ? (
            <ToolChart data={tools} />
          ) : (
            <p className="text-sm text-zinc-500">No tool calls recorded.</p>
          )}
        </Panel>
        <Panel title="Files" id="files">
          <FileLists read={detail.files.read} modified={detail.files.modified} />
        </Panel>
        {s.prompts.length > 0 && (
          <Panel title="Prompts" id="prompts" className="lg:col-span-3" aside={correctionsNote(s.prompts)}>
            <PromptsList prompts={s.prompts} startedAt={s.startedAt} />
          </Panel>
        )}
        {subagents.length > 0 && (
          <Panel
            title="Sub-agents"
            id="subagents"
            className="lg:col-span-3"
            aside={formatQuantity(subagents.length, "sub-agent")}
            flush
          >
            <SubagentsTable subagents={subagents} />
          </Panel>
        )}
        <Panel
          title="Operations"
          id="operations"
          className="lg:col-span-3"
          aside={detail.operations.length > 0 ? "in order" : undefined}
          flush
        >
          {detail.operations.length > 0 ? (
            <OperationsTable operations={detail.operations} startedAt={s.startedAt} />
          ) : (
            <p className="p-4 text-sm text-zinc-500 dark:text-zinc-400">
              {sourceName(s.format)} keeps only tool counts for this session, not the order of its operations.
            </p>
          )}
        </Panel>
        <div className="min-w-0 lg:col-span-3">
          <RawRecord raw={s.raw} />
        </div>
      </div>
      <ScrollToHash />
    </>
  );
}
