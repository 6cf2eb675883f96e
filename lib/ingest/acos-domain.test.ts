import { describe, expect, it } from "vitest";
import { inferAcosDomain } from "@/lib/ingest/acos-domain";

describe("inferAcosDomain", () => {
  it("applies the ACOS rules in order", () => {
    expect(inferAcosDomain(["content/blog/launch.md", "app/page.tsx"])).toBe("content_creation");
    expect(inferAcosDomain(["docs/intro.mdx"])).toBe("content_creation");
    expect(inferAcosDomain(["src/app/page.tsx"])).toBe("code_development");
    expect(inferAcosDomain(["components/button.tsx", ".claude/settings.json"])).toBe("code_development");
    expect(inferAcosDomain(["songs/suno-prompt.txt"])).toBe("music_production");
    expect(inferAcosDomain([".claude/agents/reviewer.md"])).toBe("skill_execution");
    expect(inferAcosDomain(["agents/triage.md"])).toBe("skill_execution");
  });

  it("matches whole path segments and Windows separators", () => {
    expect(inferAcosDomain(["webapp/index.ts"])).toBe("general");
    expect(inferAcosDomain(["C:\\repo\\components\\nav.tsx"])).toBe("code_development");
  });

  it("falls back to general", () => {
    expect(inferAcosDomain([])).toBe("general");
    expect(inferAcosDomain(["README.md"])).toBe("general");
  });
});
