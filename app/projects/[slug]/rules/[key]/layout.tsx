import { notFound } from "next/navigation";
import { loadRule } from "../load-rules";

/** Answers 404 for an unknown rule before the page starts streaming behind the rules' loading skeleton. */
export default async function RuleLayout({ children, params }: { children: React.ReactNode; params: Promise<{ slug: string; key: string }> }) {
  const { slug, key } = await params;
  if (!loadRule(slug, decodeURIComponent(key))) notFound();
  return children;
}
