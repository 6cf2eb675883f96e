import { z } from "zod";
import { redactSecrets } from "@/lib/redact";
import { decodeText } from "./decode";
import type { RecordError } from "./types";

/**
 * A memory file an agent wrote for itself, as uploaded (docs/agent-memory.md): Claude Code's
 * `<folder>/memory/MEMORY.md` and the topic files beside it, recognised by that name (the walker sends them so
 * named, `starlight import` and `push` alike). It is text, read whole, redacted before it is kept.
 */

/** The name of a Claude Code memory file, under whatever folders the upload put it. */
const MEMORY_NAME = /(?:^|\/)([^/]+)\/memory\/([^/]+\.md)$/;

/** A memory file larger than this is refused: Claude Code loads 200 lines of it, a note file is small. */
export const MAX_AGENT_MEMORY_BYTES = 256 * 1024;

export interface AgentMemoryUpload {
  agent: "claude-code";
  /** The Claude Code project folder it belongs to (`-home-me-shop`). */
  folder: string;
  /** `<folder>/memory/<file>.md`: how the same file is known, whatever the upload's root. */
  path: string;
  /** Redacted. */
  content: string;
}

const upload = z.object({
  agent: z.literal("claude-code"),
  folder: z.string().min(1).max(255),
  path: z.string().min(1).max(600),
  content: z.string().max(MAX_AGENT_MEMORY_BYTES),
});

/** The folder and path a file's name gives it when it is an agent's memory file; null otherwise. */
export function agentMemoryName(name: string): { folder: string; path: string } | null {
  const match = MEMORY_NAME.exec(name);
  if (!match) return null;
  const [, folder, file] = match;
  return { folder: folder!, path: `${folder}/memory/${file}` };
}

/** The memory file, validated and redacted; or why it is refused. */
export function readAgentMemory(
  name: string,
  content: Uint8Array | string,
): { ok: true; memory: AgentMemoryUpload } | { ok: false; error: RecordError } {
  const named = agentMemoryName(name);
  if (!named)
    return {
      ok: false,
      error: { line: null, field: null, message: "not an agent memory file: send it as <folder>/memory/<name>.md" },
    };
  const size = typeof content === "string" ? Buffer.byteLength(content) : content.byteLength;
  if (size > MAX_AGENT_MEMORY_BYTES)
    return {
      ok: false,
      error: {
        line: null,
        field: null,
        message: `an agent memory file may hold at most ${MAX_AGENT_MEMORY_BYTES} bytes`,
      },
    };
  const decoded = decodeText(content);
  // An emptied file is the agent clearing its notes: it replaces the version before.
  if (!decoded.ok && !decoded.empty) return { ok: false, error: { line: null, field: null, message: decoded.message } };
  const parsed = upload.safeParse({
    agent: "claude-code",
    ...named,
    content: decoded.ok ? redactSecrets(decoded.text) : "",
  });
  if (!parsed.success)
    return {
      ok: false,
      error: {
        line: null,
        field: parsed.error.issues[0]?.path.join(".") || null,
        message: parsed.error.issues[0]?.message ?? "invalid",
      },
    };
  return { ok: true, memory: parsed.data };
}
