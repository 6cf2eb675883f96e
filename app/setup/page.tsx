import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { adminExists } from "@/lib/server/people";
import { PASSWORD_MIN_LENGTH } from "@/lib/auth/password";
import { AuthCard } from "@/app/_components/account/auth-card";
import { SetupForm } from "@/app/_components/account/setup-form";
import { getDb } from "@/lib/server/database";

export const metadata: Metadata = { title: "Set up" };

/** First run: the only page that answers until the admin account exists. */
export default async function SetupPage() {
  if (await adminExists(getDb())) redirect("/sign-in");
  return (
    <AuthCard
      title="Create the admin account"
      intro={
        <p>
          This Starlight is new. The first account administers it: it sees every project, adds people and gives them
          access. You can add more admins later. To show that you started it, enter the setup code it printed in its
          terminal.
        </p>
      }
    >
      <SetupForm passwordMinLength={PASSWORD_MIN_LENGTH} />
    </AuthCard>
  );
}
