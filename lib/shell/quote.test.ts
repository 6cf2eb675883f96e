import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { shellWord } from "./quote";

describe("shellWord", () => {
  it("leaves a plain word as it is", () =>
    expect(shellWord("/opt/starlight/bin/starlight.mjs")).toBe("/opt/starlight/bin/starlight.mjs"));

  it("quotes spaces, quotes and shell characters so the shell reads the word back unchanged", () => {
    for (const word of ["/home/me/My Projects/starlight", "it's", "$HOME;rm -rf ~", ""]) {
      expect(shellWord(word)).not.toBe(word);
      expect(execFileSync("sh", ["-c", `printf %s ${shellWord(word)}`], { encoding: "utf8" })).toBe(word);
    }
  });
});
