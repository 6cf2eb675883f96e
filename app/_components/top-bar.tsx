import Link from "next/link";
import { UserMenu } from "./account/user-menu";
import { NavLink } from "./nav-link";
import { ThemeToggle } from "./theme-toggle";

/** What the top bar needs to know about the signed-in person; null on the setup and sign-in pages. */
export interface TopBarViewer {
  name: string;
  email: string;
  isAdmin: boolean;
  canUpload: boolean;
}

export function TopBar({ viewer }: { viewer: TopBarViewer | null }) {
  return (
    <header className="sticky top-0 z-10 border-b border-zinc-200 bg-white/90 backdrop-blur dark:border-zinc-800 dark:bg-zinc-900/80">
      {/* Narrower than a tablet, the links take a row of their own under the name, the account menu and the theme toggle. */}
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 px-4 sm:gap-x-4 sm:px-6 md:flex-nowrap">
        <Link href="/" className="flex h-12 items-center gap-2 font-semibold tracking-tight">
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden className="text-amber-500">
            <path fill="currentColor" d="M12 2l2.4 7.2H22l-6.2 4.5 2.4 7.3L12 16.5 5.8 21l2.4-7.3L2 9.2h7.6z" />
          </svg>
          <span>Starlight</span>
        </Link>
        {viewer && (
          <nav
            aria-label="Main"
            className="order-last -mx-2 mb-1.5 flex w-full items-center sm:gap-1 md:order-none md:mx-0 md:mb-0 md:w-auto"
          >
            <NavLink href="/projects" match={["/projects", "/sessions"]}>
              Projects
            </NavLink>
            <NavLink href="/memories" match={[]}>
              Memories
            </NavLink>
            <NavLink href="/federation" match={[]}>
              Federation
            </NavLink>
            {viewer.canUpload && (
              <NavLink href="/upload" match={[]}>
                Upload
              </NavLink>
            )}
          </nav>
        )}
        <div className="ml-auto flex h-12 items-center gap-1 sm:gap-2">
          {viewer && <UserMenu name={viewer.name} email={viewer.email} isAdmin={viewer.isAdmin} />}
          <ThemeToggle />
        </div>
      </div>
    </header>
  );
}
