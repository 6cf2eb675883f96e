import { route } from "@/lib/http/route";
import { apiDocument, OPENAPI_ROUTE } from "./document";

export const GET = route(OPENAPI_ROUTE, () => apiDocument());
