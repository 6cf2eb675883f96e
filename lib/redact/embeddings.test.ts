import { describe, expect, it } from "vitest";
import { redactDeep, redactSecrets } from "@/lib/redact";
import { EMBEDDINGS, holdsSecret } from "@/test/fixtures/secrets/embeddings";
import { PLANTED } from "@/test/fixtures/secrets/planted";

describe("redaction of the planted secrets wherever a text holds them", () => {
  for (const [name, embed] of Object.entries(EMBEDDINGS)) {
    it(`removes every planted secret from text that holds it ${name}`, () => {
      const left = PLANTED.filter(({ text, secret }) => holdsSecret(redactSecrets(embed(text)), secret));
      expect(left.map(({ kind, text }) => `${kind}: ${redactSecrets(embed(text)).slice(0, 160)}`)).toEqual([]);
    });
  }

  it("redacts behind escapes in a text that also holds characters outside the BMP", () => {
    const text = JSON.stringify({ output: JSON.stringify({ stdout: `${"🎼".repeat(40)} done\n${PLANTED[0]!.text}` }) });
    const redacted = redactSecrets(text);
    expect(holdsSecret(redacted, PLANTED[0]!.secret)).toBe(false);
    expect(redacted.replace(/\[REDACTED:[^\]]*\]/, "")).toBe(text.replace(PLANTED[0]!.secret, ""));
  });

  it("reads the layers below a long text around the escapes that may hide a secret, wherever they are", () => {
    const code = Array.from({ length: 400 }, (_, i) => `print(f"line ${i}\\n")`).join("\n");
    for (const { text, secret } of PLANTED.slice(0, 40)) {
      const doc = JSON.stringify({ output: JSON.stringify({ stdout: `${code}\n${text}\n${code}` }) });
      expect(holdsSecret(redactSecrets(doc), secret), text).toBe(false);
    }
    const key = `AK${"IA"}ZQ3RX7WNB4CT5YUD`;
    expect(redactSecrets(`{"log": "${"ok\\n".repeat(500)}\\n${key} used"}`)).not.toContain(key);
  });

  it("keeps a JSON document valid when it redacts behind its escapes", () => {
    for (const { text } of PLANTED)
      for (const name of ["json", "json-in-json"])
        expect(() => JSON.parse(redactSecrets(EMBEDDINGS[name]!(text)))).not.toThrow();
  });

  it("removes every planted secret from the strings of a JSON document that holds it twice encoded", () => {
    const left = PLANTED.filter(({ text, secret }) =>
      holdsSecret(JSON.stringify(redactDeep(JSON.parse(EMBEDDINGS["json-in-json"]!(text)))), secret),
    );
    expect(left.map(({ kind }) => kind)).toEqual([]);
  });
});
