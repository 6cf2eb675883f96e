import { notFound } from "next/navigation";
import { sessionExists } from "@/db/queries/sessions";
import { parseSessionId } from "./session-id";

/** Answers 404 for an unknown session before the page starts streaming behind its loading skeleton. */
export default async function SessionLayout({ children, params }: { children: React.ReactNode; params: Promise<{ id: string }> }) {
  const id = parseSessionId((await params).id);
  if (id === null || !sessionExists(id)) notFound();
  return children;
}
