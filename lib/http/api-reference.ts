import type { OpenApiDocument, OpenApiOperation } from "./openapi";

type JsonSchema = Record<string, unknown>;

/** One input of an operation, as the API page lists it. */
interface ReferenceField {
  name: string;
  where: "path" | "query" | "body";
  required: boolean;
  type: string;
  description?: string;
}

export interface ReferenceOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  /** Who may call it, from its security requirement. */
  access: "public" | "token or sign-in" | "admin, signed in";
  fields: ReferenceField[];
  /** The body's media types when it is not JSON (an upload). */
  bodyTypes: string[];
}

export interface ReferenceArea {
  name: string;
  operations: ReferenceOperation[];
}

/** A short, readable type: `integer ≥ 1 ≤ 200`, `"a" | "b"`, `array of string`, `string | null`. */
export function typeLabel(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if ("const" in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as JsonSchema[]).map(typeLabel).join(" | ");
  const type = typeof schema.type === "string" ? schema.type : "any";
  if (type === "array") return `array of ${typeLabel((schema.items ?? {}) as JsonSchema)}`;
  const bounds = [
    typeof schema.minimum === "number" && schema.minimum > Number.MIN_SAFE_INTEGER ? `≥ ${schema.minimum}` : null,
    typeof schema.exclusiveMinimum === "number" ? `> ${schema.exclusiveMinimum}` : null,
    typeof schema.maximum === "number" && schema.maximum < Number.MAX_SAFE_INTEGER ? `≤ ${schema.maximum}` : null,
    typeof schema.maxLength === "number" ? `≤ ${schema.maxLength} chars` : null,
    typeof schema.format === "string" ? schema.format : null,
    "default" in schema ? `default ${JSON.stringify(schema.default)}` : null,
  ].filter((b) => b !== null);
  return [type, ...bounds].join(", ");
}

function accessOf(security: OpenApiOperation["security"]): ReferenceOperation["access"] {
  if (security.length === 0) return "public";
  return security.some((s) => "bearer" in s) ? "token or sign-in" : "admin, signed in";
}

function fieldsOf(operation: OpenApiOperation): ReferenceField[] {
  const fields: ReferenceField[] = (operation.parameters ?? []).map((p) => ({
    name: p.name,
    where: p.in,
    required: p.required,
    type: typeLabel(p.schema),
    ...(p.description ? { description: p.description } : {}),
  }));
  const json = operation.requestBody?.content["application/json"]?.schema;
  if (json) {
    const required = new Set((json.required ?? []) as string[]);
    for (const [name, schema] of Object.entries((json.properties ?? {}) as Record<string, JsonSchema>)) {
      fields.push({ name, where: "body", required: required.has(name), type: typeLabel(schema) });
    }
  }
  return fields;
}

/** The description as the API page shows it: operations grouped by area, each with its inputs. */
export function apiReference(document: OpenApiDocument): ReferenceArea[] {
  const areas = new Map<string, ReferenceOperation[]>(document.tags.map((t) => [t.name, []]));
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const content = Object.keys(operation.requestBody?.content ?? {});
      areas.get(operation.tags[0]!)?.push({
        id: operation.operationId,
        method: method.toUpperCase(),
        path,
        summary: operation.summary,
        description: operation.description,
        access: accessOf(operation.security),
        fields: fieldsOf(operation),
        bodyTypes: content.includes("application/json") ? [] : content,
      });
    }
  }
  return [...areas].map(([name, operations]) => ({ name, operations }));
}
