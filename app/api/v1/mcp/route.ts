import { errorBody } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { answerMcp } from "@/lib/server/mcp/server";

/** The MCP server (Streamable HTTP, stateless, JSON answers): JSON-RPC over POST with the API's bearer token (README "MCP server"). */
export const POST = route({}, ({ request, caller }) => answerMcp(request, caller));

/** A stateless server offers no event stream to open (GET) and no session to end (DELETE). */
const noStream = route({}, () =>
  Response.json(errorBody("method_not_allowed", "This MCP server is stateless: send JSON-RPC requests with POST."), { status: 405, headers: { Allow: "POST" } }),
);
export const GET = noStream;
export const DELETE = noStream;
