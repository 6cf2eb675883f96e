import { createHash, randomBytes } from "node:crypto";

/** API tokens start with this, so secret scanners and people can recognise them. */
export const TOKEN_PREFIX = "sl_";

/** A fresh 256-bit secret, base64url. */
export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

export function newApiToken(): string {
  return `${TOKEN_PREFIX}${newSecret()}`;
}

/** The first characters of a token, enough to tell tokens apart in a list, far too few to guess the rest. */
export function tokenDisplayPrefix(token: string): string {
  return token.slice(0, TOKEN_PREFIX.length + 6);
}

/**
 * What the database keeps of a sign-in cookie or API token: its SHA-256. The secrets are 256 random bits,
 * so a fast hash is enough (a slow, salted one is for low-entropy passwords).
 */
export function secretHash(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}
