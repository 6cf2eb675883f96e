import { createHash, randomInt, timingSafeEqual } from "node:crypto";

/** Letters and digits that cannot be misread for one another (no I, O, 0, 1): 32 symbols, 5 bits each. */
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A fresh one-time setup code: three groups of four, `XXXX-XXXX-XXXX` (60 random bits). */
export function newSetupCode(pick: (max: number) => number = randomInt): string {
  const groups = Array.from({ length: 3 }, () =>
    Array.from({ length: 4 }, () => ALPHABET[pick(ALPHABET.length)]).join(""),
  );
  return groups.join("-");
}

/** What a person typed, the way codes compare: case, spaces and dashes do not matter. */
export function normalizeSetupCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]+/g, "");
}

const digest = (code: string) => createHash("sha256").update(normalizeSetupCode(code)).digest();

/** Whether `given` is `expected`, in constant time. */
export function setupCodeMatches(given: string, expected: string): boolean {
  return normalizeSetupCode(expected) !== "" && timingSafeEqual(digest(given), digest(expected));
}

/** What is kept of a code: the SHA-256 of it as typed codes compare, in hex (a lookup by it reveals nothing of other codes). */
export function setupCodeHash(code: string): string {
  return digest(code).toString("hex");
}
