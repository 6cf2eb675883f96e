import { createHash } from "node:crypto";
import type { GuidanceContent } from "./contract";
import { guidanceItems, type GuidanceItemData } from "./render";
import { keepsItsPlace } from "./rule-status";

/**
 * Review of guidance before it reaches agents (docs/trust-model.md#review). Every item of the content is reviewable
 * by its key (`knowledge:<key>`, `pinned:<id>`, `rule:<key>`, `lesson:<key>`, `checklist:<domain>`, `cross:<key>`,
 * `strength:<domain>`). While review is on, agents get exactly the accepted versions: an item is served in its
 * current form when its reviewed text is the one accepted, in its accepted form while a change waits, and not at
 * all before it is first accepted. A removal also waits: the accepted version is served until the removal is accepted —
 * except a rule tested by randomisation to hurt, which is withheld at once while its removal waits for the owner.
 */

export type ReviewedItemData = GuidanceItemData;

/** A reviewable item of the current content. */
export interface ReviewableItem {
  key: string;
  /** The item as agents read it (its markdown lines). */
  text: string;
  /** sha256 of its reviewed text (`reviewedText`). */
  hash: string;
  data: ReviewedItemData;
}

/** What is stored of a decision on one item (db `guidance_reviews`). */
export interface ReviewRecord {
  key: string;
  accepted: { text: string; hash: string; item: ReviewedItemData; by: string; at: number } | null;
  rejected: { hash: string; by: string; at: number } | null;
}

/** The rejected hash of a removal an owner refused: the accepted version keeps being served. */
export const REMOVAL = "removed";

export type PendingChange =
  | { kind: "added"; key: string; section: ReviewedItemData["section"]; text: string; hash: string }
  | {
      kind: "changed";
      key: string;
      section: ReviewedItemData["section"];
      oldText: string;
      text: string;
      hash: string;
      acceptedBy: string;
      acceptedAt: number;
    }
  | {
      kind: "removed";
      key: string;
      section: ReviewedItemData["section"];
      oldText: string;
      hash: typeof REMOVAL;
      acceptedBy: string;
      acceptedAt: number;
    };

/** Code spans (any run of backticks) and quoted words (“…”): what an upload carried, compared digit for digit. */
const LITERAL = /(`+)[\s\S]*?\1|“[^”]*”/g;

/**
 * The text a reviewer approves: the item with the numbers Starlight computes (counts, rates, intervals, dates)
 * masked, so fresh statistics do not ask for a review again; numbers inside code spans and quotes (commands,
 * files, what a person said) are kept, since they came from uploads and change what an agent is told.
 */
export function reviewedText(text: string): string {
  let out = "";
  let from = 0;
  const mask = (part: string) => part.replace(/\d+(?:[.,]\d+)*/g, "#");
  for (const match of text.matchAll(LITERAL)) {
    out += mask(text.slice(from, match.index)) + match[0];
    from = match.index + match[0].length;
  }
  return out + mask(text.slice(from));
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** Every item of the content, with the text agents read and the hash a decision is stored under. */
export function reviewableItems(content: GuidanceContent): ReviewableItem[] {
  return guidanceItems(content).map(({ id, data, lines }) => {
    const text = lines.filter((line) => line !== "").join("\n");
    return { key: id, text, hash: sha256(reviewedText(text)), data };
  });
}

/** The content with only the given items, in the sections they belong to, in the order given. */
function withItems(content: GuidanceContent, list: readonly ReviewedItemData[]): GuidanceContent {
  const of = <S extends ReviewedItemData["section"]>(section: S) =>
    list.flatMap((d) => (d.section === section ? [d.item as Extract<ReviewedItemData, { section: S }>["item"]] : []));
  return {
    ...content,
    knowledge: of("knowledge"),
    agentNotes: of("agentNotes"),
    pinned: of("pinned"),
    rules: of("rules"),
    lessons: of("lessons"),
    checklists: of("checklists"),
    crossProject: of("crossProject"),
    strengths: of("strengths"),
  };
}

export interface ReviewState {
  /** What agents get: the accepted versions (current where the current one is the accepted one). */
  served: GuidanceContent;
  /** What waits for an owner: new items, changed ones (old and new text) and removed ones, in the content's order. */
  pending: PendingChange[];
}

/** What to serve and what waits, from the current content and the decisions stored for the project. */
export function reviewGuidance(content: GuidanceContent, records: readonly ReviewRecord[]): ReviewState {
  const decided = new Map(records.map((r) => [r.key, r]));
  const current = reviewableItems(content);
  const currentKeys = new Set(current.map((i) => i.key));
  const served: ReviewedItemData[] = [];
  const pending: PendingChange[] = [];
  for (const item of current) {
    const record = decided.get(item.key);
    const accepted = record?.accepted ?? null;
    if (accepted?.hash === item.hash) {
      served.push(item.data);
      continue;
    }
    if (accepted) served.push(accepted.item);
    if (record?.rejected?.hash === item.hash) continue;
    const section = item.data.section;
    pending.push(
      accepted
        ? {
            kind: "changed",
            key: item.key,
            section,
            oldText: accepted.text,
            text: item.text,
            hash: item.hash,
            acceptedBy: accepted.by,
            acceptedAt: accepted.at,
          }
        : { kind: "added", key: item.key, section, text: item.text, hash: item.hash },
    );
  }
  // A rule its randomised test found to hurt stops at once: its removal still waits for the owner, but withholding it
  // reaches agents with nothing new, and serving it would keep telling them what made sessions worse.
  const hurting = new Set(content.rules.filter((r) => !keepsItsPlace(r)).map((r) => `rule:${r.key}`));
  for (const record of records) {
    if (!record.accepted || currentKeys.has(record.key)) continue;
    if (!hurting.has(record.key)) served.push(record.accepted.item);
    if (record.rejected?.hash === REMOVAL) continue;
    pending.push({
      kind: "removed",
      key: record.key,
      section: record.accepted.item.section,
      oldText: record.accepted.text,
      hash: REMOVAL,
      acceptedBy: record.accepted.by,
      acceptedAt: record.accepted.at,
    });
  }
  return { served: withItems(content, served), pending };
}

export type Verdict = "accept" | "reject";

/**
 * The record after an owner's verdict on a pending change. Accepting a new or changed item stores it as now (text,
 * hash, the item to serve); accepting a removal forgets the accepted version; rejecting keeps the accepted version
 * and remembers what was refused, which stays out until its reviewed text changes again.
 */
export function decide(
  record: ReviewRecord | undefined,
  change: PendingChange,
  current: ReviewableItem | undefined,
  verdict: Verdict,
  by: string,
  at: number,
): ReviewRecord {
  const accepted = record?.accepted ?? null;
  if (verdict === "reject") return { key: change.key, accepted, rejected: { hash: change.hash, by, at } };
  if (change.kind === "removed" || !current) return { key: change.key, accepted: null, rejected: null };
  return {
    key: change.key,
    accepted: { text: current.text, hash: current.hash, item: current.data, by, at },
    rejected: null,
  };
}

/**
 * Whether a project reviews guidance when no owner chose: yes as soon as more than one person can put sessions in
 * it, by membership or by upload (two tokens count twice: a token is a credential that can leak on its own).
 */
export function reviewByDefault(people: { members: number; uploaders: number }): boolean {
  return people.members > 1 || people.uploaders > 1;
}
