import { route } from "@/lib/http/route";
import { listSources, registerSource } from "@/lib/server/sync";
import { sourceInputSchema, sourceListSchema, sourceSchema } from "@/lib/sync/schema";
import { getDb } from "@/db/client";

export const dynamic = "force-dynamic";

/** A source body is a few hundred bytes; anything far larger is refused before it is parsed. */
const MAX_BODY_BYTES = 16 * 1024;

export const GET = route(
  {
    doc: "Every registered server-side folder, with its last sync's result. Server folders are for instance admins only.",
    auth: "admin",
    response: sourceListSchema,
  },
  async () => ({ items: await listSources(getDb()) }),
);

export const POST = route(
  {
    doc: 'Registers a folder: `{ name, path, kind?: "claude-projects" | "acos" | "codex-sessions" | "gemini-tmp" | "opencode-storage" | "antigravity-brain", project? }` → 201 with the source.',
    auth: "admin",
    body: {
      schema: sourceInputSchema,
      example: '{"name": "laptop", "path": "/home/me/.claude/projects"}',
      maxBytes: MAX_BODY_BYTES,
    },
    response: sourceSchema,
    status: 201,
  },
  async ({ body }) => registerSource(getDb(), await body()),
);
