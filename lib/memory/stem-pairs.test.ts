import { describe, expect, it } from "vitest";
import { stemPairs } from "./stem-pairs";

describe("stemPairs", () => {
  it("pairs each column's neighbouring porter stems in order, ending each column with 0", () => {
    expect(stemPairs(["Running the integration tests.", "read-before-edit"])).toBe(
      "3runthe3 3theintegr6 6integrtest4 0 4readbefor5 5beforedit4 0",
    );
  });

  it("cuts tokens as FTS5's unicode61 does: lowercased runs of letters and digits, the rest separates", () => {
    expect(stemPairs(["uv_run pytest -k Test42", ""])).toBe("2uvrun3 3runpytest6 6pytestk1 1ktest426 0");
  });

  it("leaves tokens longer than 64 characters unstemmed, as FTS5's porter tokenizer does", () => {
    const long = `${"a".repeat(61)}ings`;
    expect(stemPairs([`${long} running`, ""])).toBe(`65${long}run3 0`);
    expect(stemPairs([`${long.slice(1)} running`, ""])).toBe(`60${"a".repeat(60)}run3 0`);
  });

  it("gives nothing for columns without tokens", () => {
    expect(stemPairs(["", ""])).toBe("");
    expect(stemPairs(["--- ...", "a"])).toBe("0");
  });

  it("reads the punctuation, symbols and spaces beyond ASCII that FTS5 separates at as separators", () => {
    const text = "Commands: `npm test` ×2 … “done”—ok → ✓ ┆ ·\u00a0x\u3000y";
    expect(stemPairs([text, "a–b"])).toBe(stemPairs([text.replace(/[^\x00-\x7f]/g, " "), "a b"]));
    expect(stemPairs([text, ""])).toBe("7commandnpm3 3npmtest4 4test21 12done4 4doneok2 2okx1 1xy1 0");
  });

  it("leaves text with letters, digits, marks or newer symbols beyond ASCII to FTS5 itself", () => {
    expect(stemPairs(["café au lait", ""])).toBeNull();
    expect(stemPairs(["plain", "naïve"])).toBeNull();
    for (const text of ["x² + y²", "5 µs", "e\u0301", "ship it 🚀", "✀ cut", "⏵ play", "x\u200by"])
      expect(stemPairs([text, ""]), text).toBeNull();
  });
});
