import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as getProject } from "@/app/api/v1/projects/[slug]/route";
import { GET as getSessionRoute } from "@/app/api/v1/sessions/[id]/route";
import { getDb } from "@/db/client";
import { sessions } from "@/db/schema";
import { PRICES } from "@/lib/cost/prices";
import { generateAcosTrajectories, toJsonl } from "@/test/factories/generate/acos";
import { generateCodexRollout } from "@/test/factories/generate/codex";
import type { Cost } from "@/lib/cost/cost";
import { postFiles } from "./ingest-client";
import { apiRequest } from "./support/auth";
import { claudeFixtureFiles } from "./support/fixture-files";

const DEEP = "a7da6a22-facc-4fcd-8bab-f83c87862004";
/** The deep-manifest session priced by hand from its per-model tokens (counted with jq in the parser's fixture test). */
const DEEP_USD =
  (869 * 1 + 840 * 5 + 124362 * 0.1 + 41483 * 1.25) / 1e6 +
  (2250 * 5 + 31430 * 25 + 8505166 * 0.5 + 175207 * 6.25) / 1e6;

const sessionId = async (externalId: string) =>
  (await getDb().select({ id: sessions.id }).from(sessions).where(eq(sessions.externalId, externalId)).get())!.id;

async function sessionCost(externalId: string): Promise<(Cost & { prices: { version: string } }) | null> {
  const id = await sessionId(externalId);
  const response = await getSessionRoute(await apiRequest(`http://localhost/api/v1/sessions/${id}`), {
    params: Promise.resolve({ id: String(id) }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { cost: (Cost & { prices: { version: string } }) | null }).cost;
}

async function projectCost(slug: string) {
  const response = await getProject(await apiRequest(`http://localhost/api/v1/projects/${slug}`), {
    params: Promise.resolve({ slug }),
  });
  expect(response.status).toBe(200);
  return (
    (await response.json()) as {
      cost: Cost & { byModel: Record<string, Cost>; byAgent: Record<string, Cost>; prices: { version: string } };
    }
  ).cost;
}

describe("cost per session and project, priced with the repository's table", () => {
  it("prices the real deep-manifest session (Opus 4.5 with a Haiku 4.5 sub-agent) exactly, with the table's date", async () => {
    const { status } = await postFiles(claudeFixtureFiles((name) => name.includes("deep-manifest")));
    expect(status).toBe(200);
    const cost = await sessionCost(DEEP);
    expect(cost!.usd).toBeCloseTo(DEEP_USD, 9);
    expect(cost).toMatchObject({ unpriced: [], prices: { version: PRICES.version } });
    const project = await projectCost("deep-manifest");
    expect(project.usd).toBeCloseTo(DEEP_USD, 9);
    expect(Object.keys(project.byModel).sort()).toEqual(["claude-haiku-4-5-20251001", "claude-opus-4-5-20251101"]);
    expect(project.byAgent["claude-code"]!.usd).toBeCloseTo(DEEP_USD, 9);
  });

  it("says 'no price' for a model the table lacks, never a guess, and keeps the priced part", async () => {
    const known = generateCodexRollout({ seed: 501, turns: 3, cwd: "/work/priced" });
    const unknown = generateCodexRollout({ seed: 502, turns: 3, cwd: "/work/priced" });
    const text = unknown.text.replace(/"model":"gpt-5[^"]*"/g, '"model":"gpt-9-imaginary"');
    expect(text).toContain("gpt-9-imaginary");
    const { status } = await postFiles([
      { name: known.name, content: known.text },
      { name: unknown.name, content: text },
    ]);
    expect(status).toBe(200);
    const priced = await sessionCost(known.threadId);
    expect(priced!.usd).toBeGreaterThan(0);
    expect(await sessionCost(unknown.threadId)).toMatchObject({ usd: null, unpriced: ["gpt-9-imaginary"] });
    const project = await projectCost("priced");
    expect(project).toMatchObject({ usd: null, unpriced: ["gpt-9-imaginary"] });
    expect(project.pricedUsd).toBeCloseTo(priced!.usd!, 9);
    expect(project.byAgent.codex).toMatchObject({ usd: null, unpriced: ["gpt-9-imaginary"] });
  });

  it("has no cost for a session whose source counts no tokens", async () => {
    const [record] = generateAcosTrajectories({ seed: 9, count: 1, idPrefix: "acos-cost-" });
    const { status } = await postFiles([{ name: "trajectories.jsonl", content: toJsonl([record!]) }], {
      project: "acos-cost",
    });
    expect(status).toBe(200);
    expect(await sessionCost(record!.id)).toBeNull();
  });
});
