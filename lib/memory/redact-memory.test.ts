import { describe, expect, it } from "vitest";
import { redactMemoryText } from "@/lib/memory/redact-memory";
import { redactedNotice } from "@/lib/memory/redacted-notice";
import { PLANTED } from "@/test/fixtures/secrets/planted";

describe("redactMemoryText", () => {
  it("redacts the content, drops a tag holding a secret, and counts both", () => {
    const [first, second] = PLANTED;
    const { input, redacted } = redactMemoryText({
      content: `Deploy with ${first!.text} then ${second!.text}.`,
      tags: ["deploy", "ghp_r8xk2lm9qp4zt7vw1yb3nc6hd5fg0js2ka9p"],
    });
    expect(input.content).not.toContain(first!.secret);
    expect(input.content).not.toContain(second!.secret);
    expect(input.tags).toEqual(["deploy"]);
    expect(redacted).toBe(3);
  });

  it("leaves text without secrets as it is and counts nothing", () => {
    expect(redactMemoryText({ content: "Run npm test before pushing.", tags: ["ci"] })).toEqual({
      input: { content: "Run npm test before pushing.", tags: ["ci"] },
      redacted: 0,
    });
    expect(redactMemoryText({ pinned: true } as { pinned: boolean; content?: string })).toEqual({
      input: { pinned: true },
      redacted: 0,
    });
  });

  it("tells the person how many secrets were taken out and that they should be rotated", () => {
    expect(redactedNotice(1)).toMatch(/^Saved\. 1 secret was redacted.*rotate it\.$/);
    expect(redactedNotice(3)).toContain("3 secrets were redacted");
  });
});
