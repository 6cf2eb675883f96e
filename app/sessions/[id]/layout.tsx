import { notFound } from "next/navigation";
import { sessionProjectId } from "@/lib/server/sessions";
import { can } from "@/lib/auth/access";
import { requireViewer } from "@/lib/server/auth/viewer";
import { parseSessionId } from "./session-id";
import { getDb } from "@/lib/server/database";

/** Answers 404 for an unknown session, or one the viewer may not read, before the page streams behind its skeleton. */
export default async function SessionLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ id: string }>;
}) {
  const id = parseSessionId((await params).id);
  const projectId = id === null ? null : await sessionProjectId(getDb(), id);
  if (projectId === null || !can((await requireViewer()).access, "read", projectId)) notFound();
  return children;
}
