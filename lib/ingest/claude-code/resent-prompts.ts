import { stringField, type Json } from "@/lib/ingest/claude-code/lines";

/**
 * A Claude Code transcript is a tree: each line names its parent (`parentUuid`; across a compaction,
 * `logicalParentUuid`). Rewinding the conversation, or editing a prompt, writes the new prompt as a sibling branch of
 * the old one, so the same words can appear twice in one file while the person said them once. The same holds for a
 * prompt sent again right after interrupting it. Such a prompt is marked `resent`: one remark, not a repetition.
 */

/** Case, punctuation and spacing do not make two prompts different. */
const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

export class ResentPrompts {
  /** Each line's parent, by uuid. */
  private readonly parents = new Map<string, string | null>();
  /** Prompts sent so far, by their normalised words: the uuids of their lines (null when a line has none). */
  private readonly sent = new Map<string, (string | null)[]>();
  private lastPrompt: string | null = null;

  /** Remembers where a line sits in the tree; call for every line, before `isResent`. */
  place(line: Json): void {
    const uuid = stringField(line, "uuid");
    if (uuid !== null)
      this.parents.set(uuid, stringField(line, "parentUuid") ?? stringField(line, "logicalParentUuid"));
  }

  /** Whether `uuid`'s line descends from `ancestor`'s. */
  private descends(uuid: string, ancestor: string): boolean {
    const seen = new Set<string>();
    for (let at = this.parents.get(uuid) ?? null; at !== null && !seen.has(at); at = this.parents.get(at) ?? null) {
      if (at === ancestor) return true;
      seen.add(at);
    }
    return false;
  }

  /**
   * Records a prompt and answers whether it repeats an earlier one on another branch of the conversation, or the one
   * just interrupted (`afterInterruption`).
   */
  isResent(line: Json, text: string, afterInterruption: boolean): boolean {
    const key = normalise(text);
    const uuid = stringField(line, "uuid");
    const earlier = this.sent.get(key) ?? [];
    const resent =
      (afterInterruption && this.lastPrompt === key) ||
      (uuid !== null && earlier.some((other) => other !== null && !this.descends(uuid, other)));
    earlier.push(uuid);
    this.sent.set(key, earlier);
    this.lastPrompt = key;
    return resent;
  }
}
