import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/v1/projects/[slug]/guidance/route";
import { getDb } from "@/db/client";
import { storeRecords } from "@/db/queries/ingest";
import { createMemory, setPinned } from "@/db/queries/memory-curation";
import { generateSessions } from "@/lib/generate/sessions";
import { apiRequest } from "./support/auth";

const guidance = async (slug: string) => {
  const response = await GET(await apiRequest(`http://localhost/api/v1/projects/${slug}/guidance`), { params: Promise.resolve({ slug }) });
  return response.text();
};

describe("pinned memories always reach guidance", () => {
  it("a pinned memory of the project, or a global one, is in the guidance; unpinned it is not", async () => {
    storeRecords(getDb(), "pinned-app", { trajectories: generateSessions({ seed: 5, count: 40, idPrefix: "pin" }), patterns: [] });
    const own = createMemory({ project: "pinned-app", category: "decision", content: "Deploy only from the main branch.", tags: [], confidence: 0.9, pinned: true });
    createMemory({ project: null, category: "preference", content: "Write commit messages in English.", tags: [], confidence: 0.9, pinned: true });
    createMemory({ project: "pinned-app", category: "insight", content: "Not pinned, so not necessarily in guidance.", tags: [], confidence: 0.9 });

    const text = await guidance("pinned-app");
    expect(text).toContain("## Pinned by your team");
    expect(text).toContain("- Deploy only from the main branch.");
    expect(text).toContain("- Write commit messages in English.");
    expect(text).not.toContain("Not pinned");

    setPinned(own.id, false);
    expect(await guidance("pinned-app")).not.toContain("Deploy only from the main branch.");
  });
});
