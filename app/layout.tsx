import type { Metadata } from "next";
import { THEME_SCRIPT } from "./_components/theme-script";
import { TopBar } from "./_components/top-bar";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Starlight", template: "%s · Starlight" },
  description: "Memory and guidance for AI coding agents, learned from their own session history.",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        {/* A constant script (no user data): sets the theme class before the first paint. */}
        <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body className="min-h-dvh">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-20 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-sm dark:focus:bg-zinc-900"
        >
          Skip to content
        </a>
        <TopBar />
        <main id="main" className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
          {children}
        </main>
      </body>
    </html>
  );
}
