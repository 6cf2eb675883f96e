import { notFound } from "next/navigation";
import { requireViewer } from "@/lib/server/auth/viewer";
import { loadProject } from "../../load-project";
import { loadRule } from "../load-rules";

/** Answers 404 for an unknown rule (or one of a project the viewer cannot see) before the page streams behind the rules' skeleton. */
export default async function RuleLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ slug: string; key: string }>;
}) {
  const { slug, key } = await params;
  if (!(await loadProject((await requireViewer()).access, slug)) || !(await loadRule(slug, decodeURIComponent(key))))
    notFound();
  return children;
}
