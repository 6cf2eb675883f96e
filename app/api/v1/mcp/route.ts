import { errorBody } from "@/lib/api-error";
import { route } from "@/lib/http/route";
import { answerMcp } from "@/lib/server/mcp/server";

export const POST = route(
  {
    doc: "The MCP server (Streamable HTTP, stateless, JSON answers): JSON-RPC 2.0 requests (`initialize`, `tools/list`, `tools/call`) with the API's bearer token; the tools and what each answers are in README \"MCP server\". The body is read by the MCP SDK, at most 256 KiB.",
  },
  ({ request, caller }) => answerMcp(request, caller),
);

/** A stateless server offers no event stream to open (GET) and no session to end (DELETE). */
const noStream = route(
  { doc: "Answers 405 with `Allow: POST`: this MCP server is stateless, with no event stream to open and no session to end." },
  () => Response.json(errorBody("method_not_allowed", "This MCP server is stateless: send JSON-RPC requests with POST."), { status: 405, headers: { Allow: "POST" } }),
);
export const GET = noStream;
export const DELETE = noStream;
