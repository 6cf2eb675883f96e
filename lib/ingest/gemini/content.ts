/**
 * Reading Gemini content (`PartListUnion`: a string, one part or an array of parts). A part is `{text}`,
 * `{functionCall}`, `{functionResponse: {id, name, response: {output | error}}}`, inline data, ...
 */

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function partsOf(content: unknown): unknown[] {
  if (Array.isArray(content)) return content;
  return content === undefined || content === null ? [] : [content];
}

/** The text the content holds (strings and `text` parts, joined); function calls and responses are not text. */
export function contentText(content: unknown): string {
  return partsOf(content)
    .map((p) => (typeof p === "string" ? p : isObject(p) && typeof p.text === "string" ? p.text : ""))
    .filter((t) => t !== "")
    .join("\n");
}

/** Whether the content carries a tool's answer (a `functionResponse` part). */
export function hasFunctionResponse(content: unknown): boolean {
  return partsOf(content).some((p) => isObject(p) && isObject(p.functionResponse));
}

function responseText(response: unknown): string[] {
  if (typeof response === "string") return [response];
  if (!isObject(response)) return [];
  return ["output", "error", "llmContent"].flatMap((k) => (typeof response[k] === "string" ? [response[k]] : []));
}

/** What a tool call answered: its text parts and its function responses' `output` and `error`, else its display text. */
export function resultText(result: unknown, display: unknown): string {
  const texts = partsOf(result).flatMap((p) => {
    if (typeof p === "string") return [p];
    if (!isObject(p)) return [];
    if (typeof p.text === "string") return [p.text];
    return isObject(p.functionResponse) ? responseText(p.functionResponse.response) : [];
  });
  const joined = texts.filter((t) => t !== "").join("\n");
  return joined !== "" || typeof display !== "string" ? joined : display;
}
