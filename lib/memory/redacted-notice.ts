/**
 * What a person is told when what they saved held secrets: stored without them, and exposed all the same. Apart from
 * lib/memory/redact-memory.ts so that the memory form does not bring the redaction rules into the browser.
 */
export function redactedNotice(count: number): string {
  const what = count === 1 ? "1 secret was" : `${count} secrets were`;
  return `Saved. ${what} redacted: the memory holds [REDACTED:…] in their place. A secret pasted anywhere should be treated as leaked: rotate it.`;
}
