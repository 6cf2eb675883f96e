import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getGuidance } from "@/app/api/v1/projects/[slug]/guidance/route";
import { GET as getAdr } from "@/app/api/v1/projects/[slug]/rules/[key]/adr/route";
import { GET as getRules } from "@/app/api/v1/projects/[slug]/rules/route";
import { asc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { storeGuidanceIfChanged } from "@/db/queries/guidance";
import { ensureProject } from "@/db/queries/session-writes";
import { storeRecords } from "@/lib/server/store-records";
import { guidanceVersions } from "@/db/schema";
import { countLines } from "@/lib/guidance/budget";
import { mergeClaudeMd } from "@/lib/guidance/claude-md";
import { GUIDANCE_FORMATS } from "@/lib/guidance/contract";
import { generateSessions } from "@/test/factories/generate/sessions";
import { contentHash, currentGuidance, listRules, type RulesListing } from "@/lib/server/guidance";
import { toRequest } from "./support/app-server";
import { adminToken, apiRequest } from "./support/auth";
import { cliHome, removeCliHomes, runCli } from "./support/run-cli";

const SLUG = "alpha";
const BASE = `http://test/api/v1/projects`;
const withSlug = (slug: string) => ({ params: Promise.resolve({ slug }) });

async function addSessions(batch: number, count = 300) {
  const sessions = generateSessions({
    seed: 40 + batch,
    count,
    effects: { verification: 0.2 },
    idPrefix: `b${batch}-`,
  });
  await storeRecords(getDb(), SLUG, { sessions, patterns: [] });
}

async function guidance(query: string, slug = SLUG, init?: RequestInit) {
  return getGuidance(await apiRequest(`${BASE}/${slug}/guidance${query}`, init), withSlug(slug));
}

let server: http.Server;
let url: string;
beforeAll(async () => {
  process.env.STARLIGHT_PROMOTE_AFTER = "3";
  await addSessions(1);
  // A tiny server for the CLI: the real guidance handler on 127.0.0.1.
  server = http.createServer((req, res) => {
    const u = new URL(req.url ?? "/", "http://127.0.0.1");
    const match = /^\/api\/v1\/projects\/([^/]+)\/guidance$/.exec(u.pathname);
    const answer = match
      ? getGuidance(toRequest(req, "http://127.0.0.1"), withSlug(decodeURIComponent(match[1]!)))
      : Promise.resolve(Response.json({ error: { code: "not_found", message: "no" } }, { status: 404 }));
    void answer.then(async (r) => {
      res.writeHead(r.status, Object.fromEntries(r.headers));
      res.end(Buffer.from(await r.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  removeCliHomes();
});

describe("versions", () => {
  it("stores a generation only when the content changes, with the diff against the previous one", async () => {
    const first = (await currentGuidance(getDb(), SLUG))!;
    expect(first.generation).toBe(1);
    expect(first.stored).toBe(true);
    expect(first.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(first.content.rules.some((r) => r.key === "verification" && r.support === "supported")).toBe(true);
    expect(first.diff.previousGeneration).toBeNull();
    expect(first.diff.added.map((r) => r.key)).toContain("verification");

    const again = (await currentGuidance(getDb(), SLUG))!;
    expect(again).toMatchObject({ generation: 1, stored: false, contentHash: first.contentHash });

    await addSessions(2);
    const second = (await currentGuidance(getDb(), SLUG))!;
    expect(second.generation).toBe(2);
    expect(second.contentHash).not.toBe(first.contentHash);
    expect(second.diff.previousGeneration).toBe(1);
    expect(second.diff.changed.map((c) => c.key)).toContain("verification");
    expect(await currentGuidance(getDb(), "nope")).toBeNull();
  });

  it("promotes a rule after 3 consecutive supported generations and serves its ADR; 404 otherwise", async () => {
    let listing: RulesListing = (await listRules(getDb(), SLUG))!;
    expect(listing.rules.find((r) => r.key === "verification")!.status).toBe("supported");
    const early = await getAdr(await apiRequest(`${BASE}/${SLUG}/rules/verification/adr`), {
      params: Promise.resolve({ slug: SLUG, key: "verification" }),
    });
    expect(early.status).toBe(404);

    await addSessions(3);
    listing = (await listRules(getDb(), SLUG))!;
    expect(listing.generation).toBe(3);
    const verification = listing.rules.find((r) => r.key === "verification")!;
    expect(verification).toMatchObject({
      status: "promoted",
      supportedStreak: 3,
      firstGeneration: 1,
      adrPath: `/api/v1/projects/${SLUG}/rules/verification/adr`,
    });
    expect(verification.history.map((h) => [h.generation, h.support])).toEqual([
      [1, "supported"],
      [2, "supported"],
      [3, "supported"],
    ]);
    expect(verification.evidence.low).toBeGreaterThan(0);

    const adr = await getAdr(await apiRequest(`http://test${verification.adrPath!}?download=1`), {
      params: Promise.resolve({ slug: SLUG, key: "verification" }),
    });
    expect(adr.status).toBe(200);
    expect(adr.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(adr.headers.get("content-disposition")).toBe('attachment; filename="adr-verification.md"');
    const text = await adr.text();
    for (const h of ["## Status", "## Context", "## Decision", "## Evidence", "## Consequences"])
      expect(text).toContain(h);

    const response = await getRules(await apiRequest(`${BASE}/${SLUG}/rules`), withSlug(SLUG));
    expect(response.status).toBe(200);
    const body = (await response.json()) as RulesListing;
    expect(body.rules.find((r) => r.key === "verification")!.status).toBe("promoted");
    expect((await getRules(await apiRequest(`${BASE}/nope/rules`), withSlug("nope"))).status).toBe(404);
    expect(
      (
        await getAdr(await apiRequest(`${BASE}/nope/rules/x/adr`), {
          params: Promise.resolve({ slug: "nope", key: "x" }),
        })
      ).status,
    ).toBe(404);
  });

  it("stores each content once and numbers generations without a gap or a repeat when requests race to store them", async () => {
    const projectId = await ensureProject(getDb(), "race");
    const { content } = (await currentGuidance(getDb(), SLUG))!;
    const other = { ...content, rules: [] };
    const same = await Promise.all(
      Array.from({ length: 6 }, () => storeGuidanceIfChanged(getDb(), projectId, content, contentHash(content))),
    );
    expect(same.filter((r) => r.stored)).toHaveLength(1);
    expect(same.map((r) => r.current.generation)).toEqual([1, 1, 1, 1, 1, 1]);

    const alternating = await Promise.all(
      [other, content, other, content, other, content].map((c) =>
        storeGuidanceIfChanged(getDb(), projectId, c, contentHash(c)),
      ),
    );
    const stored = await getDb()
      .select()
      .from(guidanceVersions)
      .where(eq(guidanceVersions.projectId, projectId))
      .orderBy(asc(guidanceVersions.generation))
      .all();
    expect(stored.map((v) => v.generation)).toEqual(stored.map((_, i) => i + 1));
    expect(stored.length).toBe(1 + alternating.filter((r) => r.stored).length);
    expect(stored.every((v, i) => i === 0 || v.contentHash !== stored[i - 1]!.contentHash)).toBe(true);
  });
});

describe("GET /api/v1/projects/<slug>/guidance", () => {
  it("answers markdown with an ETag (the content hash), and 304 when it matches", async () => {
    const response = await guidance("");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    const etag = response.headers.get("etag")!;
    expect(etag).toBe(`"${(await currentGuidance(getDb(), SLUG))!.contentHash}"`);
    expect(response.headers.get("content-disposition")).toBeNull();
    const text = await response.text();
    expect(text).toMatch(/^# Starlight guidance: alpha\n/);
    expect(text).toContain("## Rules");
    // Deterministic: same data, byte-identical.
    expect(await (await guidance("")).text()).toBe(text);
    expect((await guidance("", SLUG, { headers: { "if-none-match": etag } })).status).toBe(304);
  });

  it("serves every format with its download name, within the budget", async () => {
    const names: Record<string, string> = {
      markdown: "alpha-guidance.md",
      "claude-md": "starlight-CLAUDE.md",
      cursor: "starlight.mdc",
      windsurf: "starlight.md",
      "agents-md": "AGENTS.md",
      "claude-rules": "starlight.md",
      "hook-json": "starlight-hook.json",
    };
    for (const format of GUIDANCE_FORMATS) {
      const response = await guidance(
        `?format=${format}&download=1&session=abc&maxLines=40&maxChars=2000&provisional=1`,
      );
      expect(response.status, format).toBe(200);
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${names[format]}"`);
      expect(response.headers.get("content-type")).toBe(
        format === "hook-json" ? "application/json; charset=utf-8" : "text/markdown; charset=utf-8",
      );
      const text = await response.text();
      expect(text.length, format).toBeLessThanOrEqual(2000);
      expect(countLines(text), format).toBeLessThanOrEqual(40);
    }
    const hook = JSON.parse(await (await guidance("?format=hook-json")).text()) as {
      hookSpecificOutput: { additionalContext: string };
    };
    expect(hook.hookSpecificOutput.additionalContext).toContain("Starlight guidance: alpha");
    const block = await (await guidance("?format=claude-md")).text();
    expect(mergeClaudeMd("# Mine\n", block)).toBe(`# Mine\n\n${block}`);
  });

  it("answers 404 for an unknown project and 422 for bad query values", async () => {
    expect((await guidance("", "nope")).status).toBe(404);
    expect((await guidance("?format=pdf")).status).toBe(422);
    expect((await guidance("?maxChars=10")).status).toBe(422);
    expect((await guidance("?maxLines=abc")).status).toBe(422);
  });
});

describe("starlight guidance", () => {
  it("sends the token: without one, or with an unknown one, it prints nothing and says the server refused", async () => {
    const { home } = cliHome();
    for (const token of [null, "sl_unknown-token-0000000000000000000000000000"]) {
      const result = await runCli(["guidance", "--project", SLUG, "--url", url], { home, token });
      expect(result.code, String(token)).toBe(0);
      expect(result.stdout, String(token)).toBe("");
      expect(result.stderr, String(token)).toMatch(
        /^starlight guidance: Starlight answered HTTP 401: Sign in, or send an API token/,
      );
    }
    const flagged = await runCli(["guidance", "--project", SLUG, "--url", url, "--token", await adminToken()], {
      home,
      token: null,
    });
    expect(flagged.code).toBe(0);
    expect(JSON.parse(flagged.stdout)).toHaveProperty("hookSpecificOutput.hookEventName", "SessionStart");
  });

  it("prints the hook JSON for a SessionStart hook", async () => {
    const { home } = cliHome();
    const result = await runCli(["guidance", "--project", SLUG, "--url", url], { home });
    expect(result.code).toBe(0);
    const parsed = JSON.parse(result.stdout) as { hookSpecificOutput: { hookEventName: string } };
    expect(parsed.hookSpecificOutput.hookEventName).toBe("SessionStart");
    const md = await runCli(["guidance", "--project", SLUG, "--format", "markdown", "--url", url], { home });
    expect(md.stdout).toMatch(/^# Starlight guidance: alpha/);
  });

  it("prints nothing and exits 0 on any failure, saying why on stderr", async () => {
    const { home } = cliHome();
    for (const args of [
      ["guidance", "--project", "nope", "--url", url],
      ["guidance", "--project", SLUG, "--url", "http://127.0.0.1:9"],
      ["guidance", "--url", url],
      ["guidance", "--project", SLUG, "--format", "pdf", "--url", url],
      ["guidance", "--bogus"],
    ]) {
      const result = await runCli(args, { home });
      expect(result.code, args.join(" ")).toBe(0);
      expect(result.stdout, args.join(" ")).toBe("");
      expect(result.stderr, args.join(" ")).toMatch(/^starlight guidance: .*printing nothing/);
    }
  });
});
