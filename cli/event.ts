import { resolveServer } from "./config";
import { requestJson } from "./http";
import { readStdin } from "./stdin";

/**
 * `starlight event`: relays the Claude Code hook event on stdin (PermissionDenied, StopFailure) to the server's
 * /api/v1/hooks/claude-code, which keeps it with its session. For a machine where a plain HTTP hook cannot reach the
 * server with its token (docs/plugin.md); says what happened on stderr and always exits 0, so a hook never blocks.
 */
export async function runEvent(options: import("./args").Options): Promise<number> {
  try {
    const server = resolveServer(options);
    const payload = JSON.parse(await readStdin("a Claude Code hook payload"));
    const query = options.project === undefined ? "" : `?project=${encodeURIComponent(options.project)}`;
    const answer = await requestJson(server, "POST", `/api/v1/hooks/claude-code${query}`, payload);
    process.stderr.write(`starlight event: ${JSON.stringify(answer)}\n`);
  } catch (error) {
    process.stderr.write(`starlight event: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  return 0;
}
