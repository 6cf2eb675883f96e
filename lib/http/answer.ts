import type { ZodType } from "zod";

/**
 * A success that is not JSON of a schema: a body of another media type (markdown, CSV, a file: `contentType`, or
 * the types a query chooses between), or none (`contentType: null`, answered 204 unless `status` says otherwise).
 */
export interface OtherAnswer {
  contentType: string | readonly string[] | null;
  status?: number;
  description: string;
}

/** A route's answer when it is a body of no JSON schema: nothing, with 204. */
export const NO_CONTENT: OtherAnswer = { contentType: null, description: "No content." };

/** A route's answer when it is markdown. */
export const MARKDOWN: OtherAnswer = { contentType: "text/markdown", description: "Markdown." };

/** A route's answer when it is a CSV file. */
export const CSV: OtherAnswer = { contentType: "text/csv", description: "CSV, as an attachment." };

/** The status an answer of another type comes with: its own, else 204 without a body and 200 with one. */
export const statusOf = (answer: OtherAnswer): number => answer.status ?? (answer.contentType === null ? 204 : 200);

/** The media types an answer may have: none for an answer without a body. */
export const contentTypesOf = (answer: OtherAnswer): readonly string[] =>
  answer.contentType === null ? [] : typeof answer.contentType === "string" ? [answer.contentType] : answer.contentType;

/** The spec's answer when it is a JSON schema. */
export const isJsonAnswer = (response: ZodType | OtherAnswer): response is ZodType => "safeParse" in response;
