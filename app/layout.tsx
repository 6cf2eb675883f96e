import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { adminExists } from "@/lib/server/people";
import { canUploadSomewhere } from "@/lib/auth/access";
import { cspNonce, currentViewer, requestedPath } from "@/lib/server/auth/viewer";
import { TITLE_TEMPLATE } from "./_components/page-title";
import { THEME_SCRIPT } from "./_components/theme-script";
import { TopBar } from "./_components/top-bar";
import "./globals.css";
import { getDb } from "@/lib/server/database";

export const metadata: Metadata = {
  title: { default: "Starlight", template: TITLE_TEMPLATE },
  description: "Memory and guidance for AI coding agents, learned from their own session history.",
};

/** Pages anyone may open: first-run setup and sign-in. Every other page needs a signed-in person. */
const PUBLIC_PATHS = ["/setup", "/sign-in"];

/**
 * The gate for a page's first load, before anything streams (so it answers with a redirect, not a flash):
 * to setup until an admin exists, else to sign-in when no one is signed in. Pages check again for their data.
 */
async function gate(): Promise<void> {
  const path = new URL(await requestedPath(), "http://starlight").pathname;
  if (PUBLIC_PATHS.includes(path)) return;
  if (!(await adminExists(getDb()))) redirect("/setup");
  if (!(await currentViewer())) redirect(`/sign-in?next=${encodeURIComponent(await requestedPath())}`);
}

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  await gate();
  const viewer = await currentViewer();
  const nonce = await cspNonce();
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        {/* A constant script (no user data): sets the theme class before the first paint. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body className="min-h-dvh">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-20 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-sm dark:focus:bg-zinc-900"
        >
          Skip to content
        </a>
        <TopBar
          viewer={
            viewer && {
              name: viewer.user.name,
              email: viewer.user.email,
              isAdmin: viewer.user.isAdmin,
              canUpload: canUploadSomewhere(viewer.access),
            }
          }
        />
        <main id="main" className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
          {children}
        </main>
      </body>
    </html>
  );
}
