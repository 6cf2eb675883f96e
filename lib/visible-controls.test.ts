import { describe, expect, it } from "vitest";
import { visibleControls, withVisibleControls } from "@/lib/visible-controls";

describe("visibleControls", () => {
  it("shows every bidirectional control as a mark naming it", () => {
    expect(visibleControls("invoice\u202Efdp.exe")).toBe("invoice⟨U+202E⟩fdp.exe");
    const controls = [
      0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
    ].map((c) => String.fromCharCode(c));
    const shown = visibleControls(controls.join("x"));
    expect(shown).not.toMatch(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/);
    expect(shown.match(/⟨U\+[0-9A-F]{4}⟩/g)).toHaveLength(controls.length);
  });

  it("leaves right-to-left text, emoji and code alone", () => {
    for (const text of ["שלום עולם", "مرحبا بالعالم", "🎼 done", "if (a < b) return `x`;"])
      expect(visibleControls(text)).toBe(text);
  });

  it("applies to every string of a session's data, and returns what holds none as it was", () => {
    const detail = {
      session: { task: "rename\u2067 it", startedAt: 5, prompts: [{ text: "a\u202Eb" }] },
      operations: [{ command: "ls" }],
    };
    const shown = withVisibleControls(detail);
    expect(shown.session.task).toBe("rename⟨U+2067⟩ it");
    expect(shown.session.prompts[0]!.text).toBe("a⟨U+202E⟩b");
    expect(shown.operations).toBe(detail.operations);
    const clean = { a: ["x"], b: { c: 1 } };
    expect(withVisibleControls(clean)).toBe(clean);
  });
});
