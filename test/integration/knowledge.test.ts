import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/v1/projects/[slug]/guidance/route";
import { getDb } from "@/db/client";
import { ensureProject } from "@/db/queries/session-writes";
import { deleteMemory, setPinned } from "@/db/queries/memory-curation";
import { searchMemories } from "@/db/queries/memories";
import { sessionsFingerprint } from "@/db/queries/knowledge";
import { getProjectBySlug } from "@/db/queries/projects";
import { itemLine } from "@/lib/knowledge/wording";
import { KNOWLEDGE_SESSIONS, knowledgeEntries } from "@/lib/server/knowledge";
import { postFiles } from "./ingest-client";
import { claudeFixtureFiles } from "./support/fixture-files";
import { apiRequest } from "./support/auth";
import { decayAt } from "@/lib/server/memories";

const PROJECTS = ["ai-music", "deep-manifest", "worktrees"];

const guidance = async (slug: string, format = "markdown") => {
  const response = await GET(await apiRequest(`http://localhost/api/v1/projects/${slug}/guidance?format=${format}`), {
    params: Promise.resolve({ slug }),
  });
  expect(response.status).toBe(200);
  return response.text();
};

/** The "What this project teaches" section of a guidance text. */
const taught = (text: string) => /## What this project teaches\n\n([\s\S]*?)(?:\n## |$)/.exec(text)?.[1]?.trim() ?? "";

const entries = async (slug: string) => knowledgeEntries(getDb(), (await getProjectBySlug(getDb(), slug))!.id, slug);

describe("project knowledge from the real Claude Code fixtures, through the real ingest", () => {
  it("gives every project guidance that starts with evidenced knowledge, and deep-manifest its test and lint commands", async () => {
    const { status, body } = await postFiles(claudeFixtureFiles());
    expect(status, JSON.stringify(body.error)).toBe(200);

    for (const slug of PROJECTS) {
      const text = await guidance(slug);
      const section = taught(text);
      expect(section, `${slug}:\n${text}`).not.toBe("");
      expect(section).toMatch(/in \d+ sessions?/);
      expect(/^## .+$/m.exec(text)?.[0]).toBe("## What this project teaches");
      expect(text).not.toContain("No rule is supported by the data yet.");
      const items = await entries(slug);
      expect(items.length).toBeGreaterThan(0);
      for (const { item, memory } of items) {
        // One strong occurrence can be enough (an install that made a failing command pass, a shell failure with the
        // change that fixed it, a correction that states a rule): never none.
        expect(item.evidence.occurrences).toBeGreaterThanOrEqual(1);
        expect(item.evidence.refs.length).toBeGreaterThan(0);
        expect(memory).not.toBeNull();
      }
      const hook = JSON.parse(await guidance(slug, "hook-json")) as {
        hookSpecificOutput: { additionalContext: string };
      };
      expect(hook.hookSpecificOutput.additionalContext).toContain("## What this project teaches");
    }

    const deep = taught(await guidance("deep-manifest"));
    expect(deep).toContain("Tests: `(source .venv/bin/activate && pytest)`");
    expect(deep).toContain("Failed instead: `pytest` (`pytest: command not found`)");
    expect(deep).toMatch(/Lint: `\(source \.venv\/bin\/activate && ruff check deep_manifest\/\)`/);
  });

  it("reads what the checks said in their own output: the coverage pytest reports, a lint rule fixed by an edit, test-named scripts without a runner", async () => {
    // Stored by the test above: a passing run's coverage report is read back from the database for mining.
    const deep = taught(await guidance("deep-manifest"));
    expect(deep).toContain(
      "`pytest` reports coverage itself, with no coverage flag on the command: 99% branch coverage at the last passing run (100% at best), HTML report in `htmlcov/`",
    );
    expect(deep).not.toMatch(/fail-under|floor/);
    expect(deep).toContain(
      "When `ruff check` reports `SIM115 Use a context manager for opening files` (a finding in the code; the command was right), what fixed it: editing `deep_manifest/deep_manifest.py`",
    );
    const music = taught(await guidance("ai-music"));
    expect(music).toContain(
      "its checks are scripts named as tests, run by hand: `python test_diverse_simple.py`, `python test_no_church.py`",
    );
    expect(music).not.toMatch(/\bpytest\b/);
  });

  it("keeps each project's knowledge to itself", async () => {
    for (const slug of PROJECTS.filter((s) => s !== "deep-manifest")) {
      const text = await guidance(slug);
      expect(text).not.toContain("ruff");
      expect(text).not.toContain(".venv");
    }
    expect(await guidance("deep-manifest")).not.toContain("diverse_musical_ai");
  });

  it("stores the items as memories a search finds, once each however often the sessions are sent", async () => {
    const before = await searchMemories(
      getDb(),
      { q: "pytest", project: "deep-manifest", limit: 50, offset: 0 },
      decayAt(),
    );
    expect(before.items.some((m) => m.source.startsWith("project:deep-manifest:knowledge:command:test:"))).toBe(true);
    const count = async () =>
      (await searchMemories(getDb(), { tag: "knowledge", limit: 1, offset: 0 }, decayAt())).total;
    const stored = await count();
    const { status } = await postFiles(claudeFixtureFiles());
    expect(status).toBe(200);
    expect(await count()).toBe(stored);
  });

  it("leaves a deleted memory's item out of guidance, and quotes a pinned one among the pinned instead", async () => {
    const [first, second] = await entries("ai-music");
    expect(first?.memory && second?.memory).toBeTruthy();
    const firstLine = taught(await guidance("ai-music")).split("\n")[0]!;
    await deleteMemory(getDb(), first!.memory!.id);
    expect(await guidance("ai-music")).not.toContain(firstLine);
    await setPinned(getDb(), second!.memory!.id, true, decayAt());
    const text = await guidance("ai-music");
    expect(text).toContain("## Pinned by your team");
    expect(taught(text)).not.toContain(itemLine(second!.item)!);
    expect((await entries("ai-music")).find((e) => e.item.key === second!.item.key)?.memory?.pinned).toBe(true);
  });

  it("re-mines a project when its own sessions change, not when another project gets an upload", async () => {
    const deep = (await getProjectBySlug(getDb(), "deep-manifest"))!.id;
    const music = (await getProjectBySlug(getDb(), "ai-music"))!.id;
    const before = [
      await sessionsFingerprint(getDb(), deep, KNOWLEDGE_SESSIONS),
      await sessionsFingerprint(getDb(), music, KNOWLEDGE_SESSIONS),
    ];
    const [main] = claudeFixtureFiles((name) => name.endsWith("a7da6a22-facc-4fcd-8bab-f83c87862004.jsonl"));
    const copy = new TextDecoder()
      .decode(main!.content)
      .replaceAll("a7da6a22-facc-4fcd-8bab-f83c87862004", "0c0c0c0c-0000-4000-8000-000000000001");
    const { status } = await postFiles([
      {
        name: "-src-deep-manifest/0c0c0c0c-0000-4000-8000-000000000001.jsonl",
        content: new TextEncoder().encode(copy),
      },
    ]);
    expect(status).toBe(200);
    expect(await sessionsFingerprint(getDb(), music, KNOWLEDGE_SESSIONS)).toBe(before[1]);
    expect(await sessionsFingerprint(getDb(), deep, KNOWLEDGE_SESSIONS)).not.toBe(before[0]);
  });

  it("gives the hook an empty object, not a sentence, for a project with nothing learned", async () => {
    await ensureProject(getDb(), "empty-project");
    expect(await guidance("empty-project", "hook-json")).toBe("{}");
  });
});
