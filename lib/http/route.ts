import { z, type ZodType } from "zod";
import { adminExists } from "@/db/queries/users";
import { isInstanceAdmin } from "@/lib/auth/access";
import { resolveCaller, type Caller, type SignedIn } from "@/lib/server/auth/caller";
import { ApiError, errorBody } from "@/lib/api-error";
import { contentTypesOf, isJsonAnswer, statusOf, type OtherAnswer } from "./answer";
import { storageFault } from "./errors";
import { readJson } from "./json-body";
import { runCounted, type BusyKind } from "./concurrency";
import { limitClients, takeFrom, type LimitKind } from "./limits";
import { crossSiteRefused, HSTS, isHttps } from "./same-origin";
import { getDb } from "@/db/client";

/**
 * Who may call a route:
 * - `none`: anyone, even before setup (health)
 * - `setup`: anyone, only until the first admin exists
 * - `anonymous`: anyone, once set up (sign-in)
 * - `user` (default): a signed-in person or an API token
 * - `admin`: an instance admin, signed in (not a token)
 */
export type AuthLevel = "none" | "setup" | "anonymous" | "user" | "admin";

/** A JSON body, parsed with `schema` when the handler asks for it; `example` is shown when the body is not JSON. */
interface JsonBody<B extends ZodType> {
  schema: B;
  example: string;
  maxBytes?: number;
}

/**
 * What a route takes and answers. The same object validates each request and describes the route in
 * /api/v1/openapi.json (lib/http/openapi.ts), so the two cannot drift apart.
 */
interface RouteSpec<P extends ZodType, Q extends ZodType, B extends ZodType, R extends ZodType, A extends AuthLevel> {
  /** What the route does, for its callers; the first sentence is its summary in the API description. */
  doc: string;
  params?: P;
  query?: Q;
  body?: JsonBody<B>;
  /** The body is session files, raw or as multipart parts, read by the handler with readUpload (lib/http/upload.ts). */
  upload?: true;
  /**
   * What the route answers on success: the zod schema of its JSON (the handler's return type is checked against it,
   * and outside production each answer is validated), or another content type, or none.
   */
  response: R | OtherAnswer;
  /** The status of a JSON success (default 200), e.g. 201 for a route that creates; a returned value is answered with it. */
  status?: 200 | 201;
  auth?: A;
  /** Rate-limits this route per client (token and person, or address), answering 429 with Retry-After. */
  limit?: LimitKind;
  /** Caps the requests of this kind one person may have under way at once, answering 429 with Retry-After. */
  busy?: BusyKind;
}

/** A route's spec as the API description reads it. */
export interface RouteApi {
  doc: string;
  params?: ZodType;
  query?: ZodType;
  body?: JsonBody<ZodType>;
  upload?: true;
  response: ZodType | OtherAnswer;
  status?: 200 | 201;
  auth: AuthLevel;
  limit?: LimitKind;
  busy?: BusyKind;
}

type CallerFor<A extends AuthLevel> = A extends "user" | "admin" ? SignedIn : Caller;

interface RouteInput<P, Q, B, C> {
  request: Request;
  params: P;
  query: Q;
  /**
   * Reads and parses the JSON body (a ZodError becomes a 422 naming each field); call it once, after the checks
   * that come first. Only a route whose spec has a `body` can call it.
   */
  body: B;
  caller: C;
}

type BodyReader<B extends ZodType> = ZodType<never> extends B ? never : () => Promise<z.output<B>>;

/** What a handler may return: a Response, or the JSON it answers with 200 (of the spec's `response` shape when it has one). */
type Answer<R extends ZodType> = Response | (ZodType extends R ? unknown : z.input<R>);

type RouteContext = { params: Promise<Record<string, string | string[]>> };

function issuesToDetails(error: z.ZodError) {
  return error.issues.map((i) => ({ field: i.path.join(".") || null, message: i.message }));
}

function describe(error: z.ZodError, where: string): string {
  return error.issues.map((i) => `${where}${i.path.length ? ` ${i.path.join(".")}` : ""}: ${i.message}`).join("; ");
}

/** Maps anything thrown by a handler to the API's JSON error shape. */
export function errorResponse(error: unknown): Response {
  if (error instanceof ApiError) {
    const headers = error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : undefined;
    return Response.json(errorBody(error.code, error.message, error.details), { status: error.status, headers });
  }
  if (error instanceof z.ZodError) {
    return Response.json(errorBody("invalid_request", describe(error, "request"), issuesToDetails(error)), {
      status: 422,
    });
  }
  const fault = storageFault(error);
  if (fault !== null) {
    console.error(`[starlight] ${fault.message}`);
    return Response.json(errorBody(fault.code, fault.message), { status: fault.status });
  }
  console.error("[starlight] unhandled error in route handler", error);
  return Response.json(errorBody("internal_error", "Something went wrong on the server; it has been logged."), {
    status: 500,
  });
}

/** Once an admin exists one always will (the last admin cannot be removed), so a positive answer is kept. */
let setUp = false;
async function isSetUp(): Promise<boolean> {
  setUp ||= await adminExists(getDb());
  return setUp;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Checks the caller against the route's level; returns the caller the handler gets. */
async function admit(request: Request, level: AuthLevel): Promise<Caller> {
  if (level === "none") return resolveCaller(getDb(), request.headers);
  if (level === "setup") {
    if (await isSetUp())
      throw new ApiError(409, "already_set_up", "This Starlight already has an admin; sign in instead.");
  } else if (!(await isSetUp())) {
    throw new ApiError(
      503,
      "setup_required",
      "This Starlight has no admin yet: open it in a browser to create one, or set STARLIGHT_ADMIN_EMAIL and STARLIGHT_ADMIN_PASSWORD.",
    );
  }
  const caller = await resolveCaller(getDb(), request.headers);
  // Cookie-authenticated changes must come from our own pages; sign-in and setup must not come from another site;
  // a token carries no ambient credential, so its calls need no proof.
  if (!SAFE_METHODS.has(request.method) && crossSiteRefused(caller.kind, request.headers)) {
    throw new ApiError(
      403,
      "cross_site",
      "Cross-site request refused: changes made with a browser's sign-in must come from Starlight's own pages.",
    );
  }
  if (level === "user" || level === "admin") {
    if (caller.kind === "anonymous")
      throw new ApiError(401, "unauthenticated", "Sign in, or send an API token as 'Authorization: Bearer <token>'.");
    if (level === "admin" && !isInstanceAdmin(caller.access))
      throw new ApiError(403, "forbidden", "Only an instance admin, signed in, may do this.");
  }
  return caller;
}

/** Answers are checked against their spec in development and tests; production trusts the types. */
const CHECK_ANSWERS = process.env.NODE_ENV !== "production";

/**
 * Checks a handler's success against the spec's `response`: JSON (returned, or a Response of the spec's status) parses
 * with its schema, another answer has its declared content type. A mismatch is a 500 `invalid_response` naming
 * each field, so a test that calls the route fails where the contract and the handler part. A Response of another
 * status than the declared one (a refusal, ingest's 207, MCP's 202 for notifications) is not checked.
 */
async function checkAnswer(spec: Pick<RouteApi, "response" | "status">, result: unknown): Promise<void> {
  const declared = spec.response;
  if (isJsonAnswer(declared)) {
    if (result instanceof Response && result.status !== (spec.status ?? 200)) return;
    const json = result instanceof Response ? await result.clone().json() : result;
    const parsed = declared.safeParse(json);
    if (!parsed.success) {
      console.error(`[starlight] a route answered outside its response schema: ${describe(parsed.error, "response")}`);
      throw new ApiError(500, "invalid_response", describe(parsed.error, "response"), issuesToDetails(parsed.error));
    }
    return;
  }
  if (!(result instanceof Response) || result.status !== statusOf(declared)) return;
  const type = result.headers.get("content-type");
  const expected = contentTypesOf(declared);
  if (expected.length === 0 ? result.body !== null : !expected.some((t) => type?.startsWith(t))) {
    throw new ApiError(
      500,
      "invalid_response",
      `response: answered ${type ?? "no body"}, the spec declares ${expected.join(" or ") || "none"}`,
    );
  }
}

/** Whose work under way a request counts as: the person's, whichever token or sign-in they call with. */
const busyClient = (caller: Caller) => (caller.kind === "anonymous" ? `ip:${caller.ip}` : `user:${caller.user.id}`);

/**
 * The one wrapper for every route handler: authenticate and authorise → rate-limit → parse params and query
 * with zod → run (counted among the person's requests under way, for a `busy` route; the handler reads its JSON
 * body with `body()`) → map errors, and HSTS on answers that came over HTTPS. A handler returns a Response, or any
 * JSON-serialisable value (answered with 200). The returned handler carries its spec as `api`, which the API
 * description reads.
 */
export function route<
  P extends ZodType = ZodType<Record<string, never>>,
  Q extends ZodType = ZodType<Record<string, never>>,
  B extends ZodType = ZodType<never>,
  R extends ZodType = ZodType,
  A extends AuthLevel = "user",
>(
  spec: RouteSpec<P, Q, B, R, A>,
  handler: (input: RouteInput<z.output<P>, z.output<Q>, BodyReader<B>, CallerFor<A>>) => Promise<Answer<R>> | Answer<R>,
) {
  const body = spec.body;
  const answer = async (request: Request, context?: RouteContext): Promise<Response> => {
    try {
      const caller = await admit(request, spec.auth ?? "user");
      if (spec.limit) {
        const taken = await takeFrom(spec.limit, limitClients(spec.limit, caller));
        if (!taken.ok) {
          throw new ApiError(
            429,
            "rate_limited",
            `Too many requests; try again in ${taken.retryAfterSeconds} s.`,
            undefined,
            taken.retryAfterSeconds,
          );
        }
      }
      const rawParams = context ? await context.params : {};
      const params = spec.params ? spec.params.safeParse(rawParams) : { success: true as const, data: {} };
      if (!params.success)
        throw new ApiError(404, "not_found", describe(params.error, "path"), issuesToDetails(params.error));
      const url = new URL(request.url);
      const rawQuery = Object.fromEntries(url.searchParams);
      const query = spec.query ? spec.query.safeParse(rawQuery) : { success: true as const, data: {} };
      if (!query.success) {
        throw new ApiError(422, "invalid_query", describe(query.error, "query"), issuesToDetails(query.error));
      }
      const run = async () =>
        handler({
          request,
          params: params.data as z.output<P>,
          query: query.data as z.output<Q>,
          body: (body ? () => readJson(request, body.schema, body.example, body.maxBytes) : undefined) as BodyReader<B>,
          caller: caller as CallerFor<A>,
        });
      const result = spec.busy ? await runCounted(spec.busy, busyClient(caller), run) : await run();
      if (CHECK_ANSWERS) await checkAnswer(spec, result);
      return result instanceof Response ? result : Response.json(result, { status: spec.status ?? 200 });
    } catch (error) {
      return errorResponse(error);
    }
  };
  const api: RouteApi = { ...spec, auth: spec.auth ?? "user" };
  return Object.assign(
    async (request: Request, context?: RouteContext): Promise<Response> => {
      const response = await answer(request, context);
      if (isHttps(request.url, request.headers)) response.headers.set("Strict-Transport-Security", HSTS);
      return response;
    },
    { api },
  );
}
