import { redactionsBetween, redactSecrets } from "@/lib/redact";

/**
 * A memory's text as it may be stored: its content with every secret redacted, and its tags without any that holds
 * one (a tag cannot hold a `[REDACTED:…]` mark). `redacted` counts the secrets taken out, so whoever wrote the memory
 * can be told: pasting a secret is a leak even when it is not stored.
 */
export function redactMemoryText<T extends { content?: string; tags?: string[] }>(input: T): { input: T; redacted: number } {
  let redacted = 0;
  const out = { ...input };
  if (input.content !== undefined) {
    out.content = redactSecrets(input.content);
    redacted += redactionsBetween(input.content, out.content);
  }
  if (input.tags !== undefined) {
    out.tags = input.tags.filter((tag) => redactSecrets(tag) === tag);
    redacted += input.tags.length - out.tags.length;
  }
  return { input: out, redacted };
}

/** What a person is told when what they saved held secrets: stored without them, and exposed all the same. */
export function redactedNotice(count: number): string {
  const what = count === 1 ? "1 secret was" : `${count} secrets were`;
  return `Saved. ${what} redacted: the memory holds [REDACTED:…] in their place. A secret pasted anywhere should be treated as leaked: rotate it.`;
}
