import { EMBEDDINGS } from "@/test/fixtures/secrets/embeddings";
import type { Planted } from "@/test/fixtures/secrets/planted";

/** Fields that say what a record is, when it happened or which one it is: planting in them would only get it refused. */
const STRUCTURAL = new Set([
  "type",
  "role",
  "status",
  "timestamp",
  "cwd",
  "model",
  "name",
  "id",
  "uuid",
  "source",
  "kind",
  "arm",
  "task",
  "version",
  "format",
  "directory",
  "Cwd",
  "antigravityConversation",
]);
const IDENTIFIER = /(?:Id|ID|_id|Uuid|At|_at|Time|_time)$/;
const INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d/;

/**
 * Hands out a planted set's lines, each in the next of the embeddings (test/fixtures/secrets/embeddings.ts), and
 * remembers which secrets it handed out.
 */
export class Planter {
  private next = 0;
  readonly used = new Set<Planted>();

  constructor(readonly set: readonly Planted[]) {}

  private at(i: number): { planted: Planted; text: string } {
    const planted = this.set[i % this.set.length]!;
    const names = Object.keys(EMBEDDINGS);
    return { planted, text: EMBEDDINGS[names[i % names.length]!]!(planted.text) };
  }

  /** The next planted line, embedded. */
  line(): string {
    const { planted, text } = this.at(this.next++);
    this.used.add(planted);
    return text;
  }

  /** Whether the next planted line fits in `max` characters. */
  fits(max: number): boolean {
    return this.at(this.next).text.length <= max;
  }

  /** Planted lines joined by newlines, as many as fit in `max` characters (at least one). */
  lines(max: number): string {
    let out = this.line();
    while (out.length + 1 + this.at(this.next).text.length <= max) out += `\n${this.line()}`;
    return out;
  }

  /** Whether every secret of the set has been handed out. */
  get done(): boolean {
    return this.used.size === this.set.length;
  }
}

function jsonInside(text: string): object | null {
  if (!/^\s*[[{]/.test(text)) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === "object" && value !== null ? value : null;
  } catch {
    return null;
  }
}

/**
 * `value` with a planted line appended to every free-text string in it, at any depth: every string but those of
 * structural fields (type, role, ids, times, working folders). A string that is itself a JSON document (a Codex tool call's
 * arguments or output) is planted inside and encoded again.
 */
export function plantInFields(value: unknown, planter: Pick<Planter, "line">, key = ""): unknown {
  if (typeof value === "string") {
    if (STRUCTURAL.has(key) || IDENTIFIER.test(key) || INSTANT.test(value)) return value;
    const inner = jsonInside(value);
    if (inner !== null) return JSON.stringify(plantInFields(inner, planter));
    return `${value}\n${planter.line()}`;
  }
  if (Array.isArray(value)) return value.map((item) => plantInFields(item, planter, key));
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plantInFields(v, planter, k)]));
  return value;
}

/** A JSON or JSONL text with `plantInFields` applied to each of its records. */
export function plantInText(text: string, planter: Pick<Planter, "line">): string {
  const whole = jsonInside(text);
  if (whole !== null && !text.trim().includes("\n{")) return JSON.stringify(plantInFields(whole, planter));
  return text
    .split("\n")
    .map((line) => (line.trim() === "" ? line : JSON.stringify(plantInFields(JSON.parse(line), planter))))
    .join("\n");
}
