import { route } from "@/lib/http/route";
import { ApiError } from "@/lib/http/errors";
import { listSources, registerSource } from "@/lib/server/sync";

export const dynamic = "force-dynamic";

/** A source body is a few hundred bytes; anything far larger is refused before it is parsed. */
const MAX_BODY_BYTES = 16 * 1024;

/** Every registered server-side folder, with its last sync's result. Server folders are for instance admins only. */
export const GET = route({ auth: "admin" }, () => ({ items: listSources() }));

/** Registers a folder: `{ name, path, kind?: "claude-projects" | "acos" | "codex-sessions" | "gemini-tmp", project? }` → 201 with the source. */
export const POST = route({ auth: "admin" }, async ({ request }) => {
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw new ApiError(413, "body_too_large", "A source body is at most 16 KB.");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(422, "invalid_body", 'The body must be a JSON object, such as {"name": "laptop", "path": "/home/me/.claude/projects"}.');
  }
  return Response.json(await registerSource(body), { status: 201 });
});
