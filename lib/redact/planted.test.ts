import { lintSource } from "@secretlint/core";
import { creator as recommended } from "@secretlint/secretlint-rule-preset-recommend";
import { describe, expect, it } from "vitest";
import { mayHoldSecret, redactSecrets } from "@/lib/redact";
import { INTACT, PLANTED } from "@/test/fixtures/secrets/planted";

/** What secretlint's recommended preset finds in `text`: the flagged substrings. */
async function secretlintFindings(text: string): Promise<string[]> {
  const result = await lintSource({
    source: { filePath: "/transcript.txt", content: text, contentType: "text" },
    options: {
      config: { rules: [{ id: "@secretlint/secretlint-rule-preset-recommend", rule: recommended }] },
      maskSecrets: false,
    },
  });
  return result.messages.map((m) => text.slice(m.range[0], m.range[1]));
}

describe("redaction of the planted secrets", () => {
  it("covers at least 100 secrets of at least 40 kinds", () => {
    expect(PLANTED.length).toBeGreaterThanOrEqual(100);
    expect(new Set(PLANTED.map((p) => p.kind)).size).toBeGreaterThanOrEqual(40);
  });

  it("redacts at least 95% of them", () => {
    const missed = PLANTED.filter((p) => redactSecrets(p.text).includes(p.secret));
    const recall = (PLANTED.length - missed.length) / PLANTED.length;
    console.info(
      `redaction recall: ${PLANTED.length - missed.length} of ${PLANTED.length} planted secrets (${new Set(PLANTED.map((p) => p.kind)).size} kinds)`,
    );
    expect(missed.map((p) => `${p.kind}: ${redactSecrets(p.text)}`)).toEqual([]);
    expect(recall).toBeGreaterThanOrEqual(0.95);
  });

  it("says every planted line may hold a secret, and redacting twice changes nothing more", () => {
    for (const { text } of PLANTED) {
      expect(mayHoldSecret(text), text).toBe(true);
      const once = redactSecrets(text);
      expect(redactSecrets(once)).toBe(once);
    }
  });

  it("leaves hashes, UUIDs, base64 images, paths, types and prose intact", () => {
    for (const text of INTACT) expect(redactSecrets(text)).toBe(text);
  });
});

describe("secretlint as an oracle", () => {
  it("finds nothing in the intact set", async () => {
    expect(await secretlintFindings(INTACT.join("\n"))).toEqual([]);
  });

  it("redacts every secret secretlint finds in the planted set, and leaves it nothing but placeholders to find", async () => {
    let found = 0;
    for (const { text } of PLANTED) {
      const redacted = redactSecrets(text);
      for (const flagged of await secretlintFindings(text)) {
        found++;
        expect(redacted, `secretlint flags ${flagged}`).not.toContain(flagged);
      }
      // secretlint flags a connection string whatever its password, so also `postgres://app:[REDACTED:…]@db`.
      const left = (await secretlintFindings(redacted)).filter((flagged) => !flagged.includes("[REDACTED:"));
      expect(left, redacted).toEqual([]);
    }
    expect(found).toBeGreaterThanOrEqual(30);
  });
});
