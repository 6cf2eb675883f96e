import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { adminExists } from "@/db/queries/users";
import { resolveCaller, type SignedIn } from "./caller";
import { getDb } from "@/db/client";

/** The signed-in person viewing a page, read once per request; null when nobody is signed in. */
export const currentViewer = cache(async (): Promise<SignedIn | null> => {
  const caller = await resolveCaller(getDb(), await headers());
  return caller.kind === "anonymous" ? null : caller;
});

/** Where the page being rendered was asked for (set by proxy.ts), to come back to after signing in. */
export async function requestedPath(): Promise<string> {
  return (await headers()).get("x-starlight-path") ?? "/";
}

/**
 * Every page but setup and sign-in starts here: before the first admin exists it sends the browser to
 * setup; when no one is signed in, to sign-in (and back afterwards).
 */
export async function requireViewer(): Promise<SignedIn> {
  if (!(await adminExists(getDb()))) redirect("/setup");
  const viewer = await currentViewer();
  if (!viewer) redirect(`/sign-in?next=${encodeURIComponent(await requestedPath())}`);
  return viewer;
}

/** The nonce proxy.ts put in this request's Content-Security-Policy, for the few inline scripts we render. */
export async function cspNonce(): Promise<string | undefined> {
  return (await headers()).get("x-nonce") ?? undefined;
}
