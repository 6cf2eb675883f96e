import "server-only";
import { ApiError } from "@/lib/api-error";
import type { SignedIn } from "./caller";

/** Account management (tokens, passwords) needs the person signed in; a token never manages tokens or passwords. */
export function requireSignIn(caller: SignedIn): void {
  if (caller.kind !== "sign-in")
    throw new ApiError(403, "session_required", "Sign in to Starlight in a browser to do this; API tokens cannot.");
}
