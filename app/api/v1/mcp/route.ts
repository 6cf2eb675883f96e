import { errorBody } from "@/lib/api-error";
import { route } from "@/lib/http/route";
import { answerMcp } from "@/lib/server/mcp/server";

export const POST = route(
  {
    doc: "The MCP server (Streamable HTTP, stateless, JSON answers): JSON-RPC 2.0 requests (`initialize`, `tools/list`, `tools/call`) with the API's bearer token; the tools and what each answers are in docs/mcp.md. The body is at most 256 KiB; a batch at most 10 messages (400 with a JSON-RPC error naming the cap); each message counts against the token's and the person's MCP allowance per minute (`STARLIGHT_MCP_PER_MINUTE`, 429 with Retry-After), and a person may have `STARLIGHT_MCP_CONCURRENT` requests under way at once.",
    response: {
      contentType: "application/json",
      description:
        "The JSON-RPC 2.0 answers (docs/mcp.md); 202 without a body when the request held only notifications.",
    },
    busy: "mcp",
  },
  ({ request, caller }) => answerMcp(request, caller),
);

/** A stateless server offers no event stream to open (GET) and no session to end (DELETE). */
const noStream = route(
  {
    doc: "Answers 405 with `Allow: POST`: this MCP server is stateless, with no event stream to open and no session to end.",
    response: {
      contentType: "application/json",
      status: 405,
      description: "Always: the API's error, `method_not_allowed`.",
    },
  },
  () =>
    Response.json(errorBody("method_not_allowed", "This MCP server is stateless: send JSON-RPC requests with POST."), {
      status: 405,
      headers: { Allow: "POST" },
    }),
);
export const GET = noStream;
export const DELETE = noStream;
