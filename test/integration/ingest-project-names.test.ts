import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { projects, sessions } from "@/db/schema";
import { postFiles } from "./ingest-client";

/** A small main transcript of session `n` worked in `cwd`. */
function transcript(n: number, cwd: string) {
  const sessionId = `0c0c0c0c-0000-4000-8000-${String(n).padStart(12, "0")}`;
  const base = { sessionId, cwd, version: "2.1.0", isSidechain: false, parentUuid: null };
  const lines = [
    {
      ...base,
      uuid: `${n}-1`,
      type: "user",
      timestamp: "2026-01-04T10:00:00Z",
      message: { role: "user", content: "Fix the build" },
    },
    {
      ...base,
      uuid: `${n}-2`,
      type: "assistant",
      timestamp: "2026-01-04T10:00:01Z",
      message: {
        id: `m${n}`,
        role: "assistant",
        model: "claude-opus-4-5",
        content: [{ type: "tool_use", id: `t${n}`, name: "Bash", input: { command: "npm run build" } }],
      },
    },
  ];
  return {
    name: `${cwd.replaceAll("/", "-")}/${sessionId}.jsonl`,
    content: lines.map((l) => JSON.stringify(l)).join("\n"),
  };
}

const projectOf = async (n: number) => {
  const row = await getDb()
    .select({ slug: projects.slug, name: projects.name })
    .from(sessions)
    .innerJoin(projects, eq(projects.id, sessions.projectId))
    .where(eq(sessions.externalId, `0c0c0c0c-0000-4000-8000-${String(n).padStart(12, "0")}`))
    .get();
  return row;
};

describe("projects named from a transcript's working folder", () => {
  it("keeps apart two projects whose folders share a generic name, naming each with the folder above it", async () => {
    const { body } = await postFiles([transcript(1, "/a/foo/app"), transcript(2, "/b/bar/app")]);
    expect(body.totals.accepted).toBe(2);
    expect(await projectOf(1)).toEqual({ slug: "foo-app", name: "foo-app" });
    expect(await projectOf(2)).toEqual({ slug: "bar-app", name: "bar-app" });
  });

  it("keeps a CamelCase folder's name as written, under a lowercase slug, and renames no project later", async () => {
    await postFiles([transcript(3, "/x/MyProject")]);
    expect(await projectOf(3)).toEqual({ slug: "myproject", name: "MyProject" });
    await postFiles([transcript(4, "/y/myproject")]);
    expect(await projectOf(4)).toEqual({ slug: "myproject", name: "MyProject" });
  });
});
