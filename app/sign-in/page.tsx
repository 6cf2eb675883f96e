import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { adminExists } from "@/lib/server/people";
import { safeNextPath } from "@/lib/auth/safe-next";
import { currentViewer } from "@/lib/server/auth/viewer";
import { AuthCard } from "@/app/_components/account/auth-card";
import { SignInForm } from "@/app/_components/account/sign-in-form";
import { getDb } from "@/lib/server/database";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  if (!(await adminExists(getDb()))) redirect("/setup");
  const next = safeNextPath((await searchParams).next);
  if (await currentViewer()) redirect(next);
  return (
    <AuthCard title="Sign in" intro={<p>No account yet? Ask an admin of this Starlight to add you.</p>}>
      <SignInForm next={next} />
    </AuthCard>
  );
}
