import { z, type ZodType } from "zod";
import { ApiError, errorBody } from "./errors";

/** Who is calling. Authentication plugs in here (issue 7); today everyone is admitted. */
export type Caller = { kind: "anonymous" };

async function authenticate(_request: Request): Promise<Caller> {
  return { kind: "anonymous" };
}

interface RouteSpec<P extends ZodType, Q extends ZodType> {
  params?: P;
  query?: Q;
}

interface RouteInput<P, Q> {
  request: Request;
  params: P;
  query: Q;
  caller: Caller;
}

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
    return Response.json(errorBody(error.code, error.message, error.details), { status: error.status });
  }
  if (error instanceof z.ZodError) {
    return Response.json(errorBody("invalid_request", describe(error, "request"), issuesToDetails(error)), { status: 422 });
  }
  console.error("[starlight] unhandled error in route handler", error);
  return Response.json(errorBody("internal_error", "Something went wrong on the server; it has been logged."), {
    status: 500,
  });
}

/**
 * The one wrapper for every route handler: authenticate → parse params and query with zod → run → map errors.
 * A handler returns a Response, or any JSON-serialisable value (answered with 200).
 */
export function route<P extends ZodType = ZodType<Record<string, never>>, Q extends ZodType = ZodType<Record<string, never>>>(
  spec: RouteSpec<P, Q>,
  handler: (input: RouteInput<z.output<P>, z.output<Q>>) => Promise<unknown> | unknown,
) {
  return async (request: Request, context?: RouteContext): Promise<Response> => {
    try {
      const caller = await authenticate(request);
      const rawParams = context ? await context.params : {};
      const params = spec.params ? spec.params.safeParse(rawParams) : { success: true as const, data: {} };
      if (!params.success) throw new ApiError(404, "not_found", describe(params.error, "path"), issuesToDetails(params.error));
      const url = new URL(request.url);
      const rawQuery = Object.fromEntries(url.searchParams);
      const query = spec.query ? spec.query.safeParse(rawQuery) : { success: true as const, data: {} };
      if (!query.success) {
        throw new ApiError(422, "invalid_query", describe(query.error, "query"), issuesToDetails(query.error));
      }
      const result = await handler({
        request,
        params: params.data as z.output<P>,
        query: query.data as z.output<Q>,
        caller,
      });
      return result instanceof Response ? result : Response.json(result);
    } catch (error) {
      return errorResponse(error);
    }
  };
}
