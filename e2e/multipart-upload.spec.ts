import { expect, test } from "./support/test";
import { generateAcosPatterns, generateAcosTrajectories, toJsonl } from "@/test/factories/generate/acos";
import { parseFile } from "@/lib/ingest/parse-file";
import { classifySession } from "@/lib/learn/classify";
import { SessionsPage } from "./pages/sessions-page";

const SLUG = "e2e-multipart";

test("a multipart post of 200 sessions and patterns.json shows up in Sessions with the classifier's category counts", async ({
  page,
  request,
}) => {
  const records = generateAcosTrajectories({ seed: 404, count: 200, idPrefix: SLUG });
  const response = await request.post(`/api/v1/ingest?project=${SLUG}`, {
    multipart: {
      first: {
        name: "first.jsonl",
        mimeType: "application/x-ndjson",
        buffer: Buffer.from(toJsonl(records.slice(0, 100))),
      },
      second: {
        name: "second.json",
        mimeType: "application/json",
        buffer: Buffer.from(JSON.stringify(records.slice(100))),
      },
      patterns: {
        name: "patterns.json",
        mimeType: "application/json",
        buffer: Buffer.from(JSON.stringify(generateAcosPatterns({ seed: 404, count: 12 }))),
      },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const report = (await response.json()) as { files: { format: string }[]; totals: { rejected: number } };
  expect(report.files.map((f) => f.format)).toEqual(["acos-trajectories", "acos-trajectories", "acos-patterns"]);

  const expected = new Map<string, number>();
  for (const t of parseFile(toJsonl(records)).sessions) {
    const category = classifySession({ score: t.success.score, filesModified: t.filesModified, domain: t.domain });
    expected.set(category, (expected.get(category) ?? 0) + 1);
  }

  const sessions = new SessionsPage(page);
  await sessions.goto(SLUG);
  await expect(page.getByText(/^200 sessions/)).toBeVisible();
  for (const [category, count] of expected) {
    await sessions.goto(SLUG, `?category=${category}&limit=200`);
    await expect(sessions.rows).toHaveCount(count);
  }
});
