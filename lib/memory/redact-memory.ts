import { redactionsBetween, redactSecrets } from "@/lib/redact";

/**
 * A memory's text as it may be stored: its content with every secret redacted, and its tags without any that holds
 * one (a tag cannot hold a `[REDACTED:…]` mark). `redacted` counts the secrets taken out, so whoever wrote the memory
 * can be told: pasting a secret is a leak even when it is not stored.
 */
export function redactMemoryText<T extends { content?: string; tags?: string[] }>(
  input: T,
): { input: T; redacted: number } {
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
