import type { Metadata } from "next";
import { listReadableProjects } from "@/lib/server/projects";
import { can, canCreateProject, canUploadSomewhere, readableProjects } from "@/lib/auth/access";
import { requireViewer } from "@/lib/server/auth/viewer";
import { PageHeader } from "@/app/_components/page-header";
import { Uploader } from "@/app/_components/upload/uploader";
import { ViewOnly } from "@/app/_components/upload/view-only";
import { getDb } from "@/lib/server/database";

export const metadata: Metadata = { title: "Upload" };

/** The upload form for those who may upload somewhere; a plain explanation for view-only access. */
export default async function UploadPage() {
  const { access } = await requireViewer();
  const mayUpload = canUploadSomewhere(access);
  const projects = mayUpload
    ? (await listReadableProjects(getDb(), readableProjects(access))).filter((p) => can(access, "ingest", p.id))
    : [];
  return (
    <>
      <PageHeader
        title="Upload"
        description="Send session files from your browser: Claude Code transcripts, Codex rollouts, Gemini CLI chats, Antigravity CLI transcripts, OpenCode exports, ACOS trajectories and patterns.json, whole folders, or a zip of them."
      />
      {mayUpload ? (
        <Uploader projects={projects.map((p) => p.slug)} mayCreate={canCreateProject(access)} />
      ) : (
        <ViewOnly />
      )}
    </>
  );
}
