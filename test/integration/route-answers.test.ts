import { describe, expect, it } from "vitest";
import { z } from "zod";
import { NO_CONTENT } from "@/lib/http/answer";
import { route } from "@/lib/http/route";

/**
 * route() checks each success against the spec's `response` outside production (vitest runs with NODE_ENV=test): a
 * handler that answers outside its contract is a 500 `invalid_response` naming the field, so the test that calls it
 * fails where the contract and the handler part. Public routes here, so no caller is looked up.
 */

const request = () => new Request("http://127.0.0.1:3000/api/v1/example");
const answer = z.object({ ok: z.literal(true), count: z.number() });

async function errorOf(response: Response): Promise<{ code: string; message: string }> {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

describe("route() response contracts", () => {
  it("answers a returned value that fits its schema, with the spec's status", async () => {
    const created = route({ doc: "Example.", auth: "none", response: answer, status: 201 }, () => ({
      ok: true as const,
      count: 2,
    }));
    const response = await created(request());
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true, count: 2 });
  });

  it("refuses a returned value outside its schema with 500 invalid_response naming the field", async () => {
    const wrong = route(
      { doc: "Example.", auth: "none", response: answer },
      () => ({ ok: true, count: "two" }) as unknown as z.input<typeof answer>,
    );
    const response = await wrong(request());
    expect(response.status).toBe(500);
    expect(await errorOf(response)).toMatchObject({
      code: "invalid_response",
      message: expect.stringContaining("response count"),
    });
  });

  it("checks a JSON Response of the spec's status too, and leaves other statuses to the handler", async () => {
    const wrong = route({ doc: "Example.", auth: "none", response: answer, status: 201 }, () =>
      Response.json({ ok: false }, { status: 201 }),
    );
    expect((await wrong(request())).status).toBe(500);
    const accepted = route({ doc: "Example.", auth: "none", response: answer, status: 201 }, () =>
      Response.json({ queued: true }, { status: 202 }),
    );
    expect((await accepted(request())).status).toBe(202);
  });

  it("holds an answer of another type to its declared content type, and no content to no body", async () => {
    const markdown = route(
      { doc: "Example.", auth: "none", response: { contentType: "text/markdown", description: "Markdown." } },
      () => new Response("{}", { headers: { "content-type": "application/json" } }),
    );
    expect(await errorOf(await markdown(request()))).toMatchObject({ code: "invalid_response" });
    const empty = route(
      { doc: "Example.", auth: "none", response: NO_CONTENT },
      () => new Response(null, { status: 204 }),
    );
    expect((await empty(request())).status).toBe(204);
  });

  it("checks an answer of another type at its declared status, and leaves other statuses to the handler", async () => {
    const json = { contentType: "application/json", description: "JSON-RPC." };
    const notified = route(
      { doc: "Example.", auth: "none", response: json },
      () => new Response(null, { status: 202 }),
    );
    expect((await notified(request())).status).toBe(202);
    const refusal = { contentType: "application/json", status: 405, description: "Always refused." };
    const refused = route({ doc: "Example.", auth: "none", response: refusal }, () =>
      Response.json({ error: { code: "method_not_allowed" } }, { status: 405 }),
    );
    expect((await refused(request())).status).toBe(405);
    const wrongType = route(
      { doc: "Example.", auth: "none", response: refusal },
      () => new Response("no", { status: 405 }),
    );
    expect(await errorOf(await wrongType(request()))).toMatchObject({ code: "invalid_response" });
  });
});
