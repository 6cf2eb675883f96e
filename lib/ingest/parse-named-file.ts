import type { Steps } from "@/lib/cooperate";
import { RefusedFile, type NamedFile } from "./named-file";
import { parseFileSteps, type ParsedFile } from "./parse-file";

/**
 * Reads one file and parses it, the parsing's steps run by `run` (which may let the event loop run between them). A
 * file refused whole when it is read (an archive entry too large, compressed past the ratio limit, damaged, or
 * outside the archive's folder) is one rejection giving its reason, so the rest of the upload goes on; any other
 * failure to read it is thrown.
 */
export async function parseNamedFile(
  file: NamedFile,
  run: (steps: Steps<ParsedFile>) => Promise<ParsedFile>,
): Promise<ParsedFile> {
  let content: Uint8Array | string;
  try {
    content = await file.read();
  } catch (error) {
    if (!(error instanceof RefusedFile)) throw error;
    return {
      format: "unknown",
      sessions: [],
      patterns: [],
      transcript: null,
      rollout: null,
      agentMeta: null,
      workflow: null,
      hookEvent: null,
      rejected: 1,
      errors: [error.error],
      errorCount: 1,
    };
  }
  return run(parseFileSteps(content, file.name));
}
