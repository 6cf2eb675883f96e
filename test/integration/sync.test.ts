import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { projects, sessions } from "@/db/schema";
import { DELETE, GET as GET_ONE } from "@/app/api/v1/sources/[id]/route";
import { GET, POST } from "@/app/api/v1/sources/route";
import { POST as SYNC } from "@/app/api/v1/sync/route";
import { buildOpenCodeDb } from "@/test/fixtures/opencode/build-db";
import { generateAcosTrajectories, toJsonl } from "@/test/factories/generate/acos";
import type { SyncReport } from "@/lib/sync/report";
import { browserRequest } from "./support/auth";

const FIXTURES = path.resolve("test/fixtures/claude-code");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "starlight-sync-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const register = async (body: unknown) => {
  const res = await POST(
    await browserRequest("http://localhost/api/v1/sources", { method: "POST", body: JSON.stringify(body) }),
  );
  return { status: res.status, body: await res.json() };
};
const sync = async (source?: number) => {
  const res = await SYNC(
    await browserRequest(`http://localhost/api/v1/sync${source ? `?source=${source}` : ""}`, { method: "POST" }),
  );
  return { status: res.status, body: (await res.json()) as SyncReport };
};
const ctx = (id: number) => ({ params: Promise.resolve({ id: String(id) }) });

async function sessionsByProject(format: string) {
  const rows = await getDb()
    .select({ slug: projects.slug, n: count(sessions.id) })
    .from(projects)
    .innerJoin(sessions, eq(sessions.projectId, projects.id))
    .where(eq(sessions.format, format))
    .groupBy(projects.slug)
    .all();
  return Object.fromEntries(rows.map((r) => [r.slug, r.n]));
}

describe("server-side folders: /api/v1/sources and /api/v1/sync", () => {
  let claudeId = 0;

  it("registers a ~/.claude/projects tree and syncs it into three projects, then finds nothing new", async () => {
    const created = await register({ name: "fixtures", path: FIXTURES });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      name: "fixtures",
      kind: "claude-projects",
      path: FIXTURES,
      project: null,
      lastSyncedAt: null,
    });
    claudeId = created.body.id;

    const first = await sync();
    expect(first.status).toBe(200);
    expect(await sessionsByProject("claude-code")).toEqual({ "ai-music": 3, "deep-manifest": 1, worktrees: 1 });
    const result = first.body.sources[0]!;
    expect(result.error).toBeNull();
    expect(result.filesUnchanged).toBe(0);
    expect(result.filesRead).toBe(result.filesSeen);
    expect(result.filesSeen).toBeGreaterThan(15);
    const bySlug = Object.fromEntries(result.projects.map((p) => [p.project, p]));
    expect(bySlug["ai-music"]?.sessions).toBe(3);
    expect(bySlug["deep-manifest"]?.sessions).toBe(1);
    expect(bySlug.worktrees?.sessions).toBe(1);

    const again = await sync(claudeId);
    const second = again.body.sources[0]!;
    expect(second).toMatchObject({
      filesSeen: result.filesSeen,
      filesUnchanged: result.filesSeen,
      filesRead: 0,
      accepted: 0,
      sessions: 0,
    });
    expect(second.projects.map((p) => p.project)).toEqual(
      expect.arrayContaining(["ai-music", "deep-manifest", "worktrees"]),
    );
    expect(await sessionsByProject("claude-code")).toEqual({ "ai-music": 3, "deep-manifest": 1, worktrees: 1 });

    const listed = await (await GET(await browserRequest("http://localhost/api/v1/sources"), undefined)).json();
    expect(listed.items[0]).toMatchObject({ id: claudeId, files: result.filesSeen });
    expect(listed.items[0].lastResult.filesUnchanged).toBe(result.filesSeen);
  });

  it("imports an ACOS folder into its project once, skipping _active.json, _operations.jsonl and dotfiles", async () => {
    const dir = path.join(tmp, "acos", ".claude", "trajectories");
    fs.mkdirSync(dir, { recursive: true });
    const records = generateAcosTrajectories({ seed: 7, count: 12, idPrefix: "sync" });
    fs.writeFileSync(path.join(dir, "session_traj_a.jsonl"), toJsonl(records.slice(0, 8)));
    for (const [i, r] of records.slice(8).entries())
      fs.writeFileSync(path.join(dir, `feature_traj_${i}.json`), JSON.stringify(r));
    fs.writeFileSync(path.join(dir, "_active.json"), "{not json");
    fs.writeFileSync(path.join(dir, "_operations.jsonl"), "{not json\n");
    fs.writeFileSync(path.join(dir, ".hidden_traj_x.json"), "{not json");

    const noProject = await register({ name: "acos", path: path.join(tmp, "acos"), kind: "acos" });
    expect(noProject.status).toBe(422);
    const created = await register({ name: "acos", path: path.join(tmp, "acos"), project: "Sync Demo" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ kind: "acos", project: "sync-demo" });

    const first = (await sync(created.body.id)).body.sources[0]!;
    expect(first).toMatchObject({ filesSeen: 5, filesRead: 5, accepted: 12, rejected: 0, duplicates: 0 });
    expect(first.projects).toEqual([expect.objectContaining({ project: "sync-demo", accepted: 12 })]);
    expect(await sessionsByProject("acos")).toEqual({ "sync-demo": 12 });

    const all = (await sync()).body;
    expect(all.sources.map((s) => s.name)).toEqual(["acos", "fixtures"]);
    expect(all.totals).toMatchObject({ filesRead: 0, accepted: 0 });
    expect(await sessionsByProject("acos")).toEqual({ "sync-demo": 12 });

    // A changed file is read again; the server's ingest counts its records as duplicates.
    const changed = path.join(dir, "feature_traj_0.json");
    fs.utimesSync(changed, new Date(), new Date(Date.now() + 5_000));
    const third = (await sync(created.body.id)).body.sources[0]!;
    expect(third).toMatchObject({ filesRead: 1, filesUnchanged: 4, accepted: 0, duplicates: 1 });
  });

  it("never follows a symlink out of the registered folder", async () => {
    const outside = path.join(tmp, "outside");
    fs.mkdirSync(outside, { recursive: true });
    fs.writeFileSync(
      path.join(outside, "x_traj_1.json"),
      JSON.stringify(generateAcosTrajectories({ seed: 9, count: 1, idPrefix: "leak" })[0]),
    );
    const dir = path.join(tmp, "linked");
    fs.mkdirSync(dir, { recursive: true });
    fs.symlinkSync(path.join(outside, "x_traj_1.json"), path.join(dir, "y_traj_1.json"));
    fs.symlinkSync(outside, path.join(dir, "trajectories"));
    const created = await register({ name: "linked", path: dir, kind: "acos", project: "linked" });
    expect(created.status).toBe(201);
    const result = (await sync(created.body.id)).body.sources[0]!;
    expect(result).toMatchObject({ filesSeen: 0, accepted: 0 });
  });

  it("refuses a bad path, a bad name and a taken name with clear messages", async () => {
    const missing = await register({ name: "nope", path: path.join(tmp, "does-not-exist") });
    expect(missing.status).toBe(422);
    expect(missing.body.error.message).toMatch(/does not exist on the server/);
    const file = path.join(tmp, "a-file.txt");
    fs.writeFileSync(file, "x");
    expect((await register({ name: "file", path: file })).body.error.message).toMatch(/is not a folder/);
    expect((await register({ name: "rel", path: "relative/dir" })).body.error.message).toMatch(/not an absolute path/);
    expect((await register({ name: "", path: FIXTURES })).status).toBe(422);
    expect((await register({ name: "x".repeat(65), path: FIXTURES })).status).toBe(422);
    expect((await register({ name: "fixtures", path: FIXTURES })).status).toBe(409);
  });

  it("deletes a source (its sessions stay) and answers 404 afterwards", async () => {
    const res = await DELETE(
      await browserRequest(`http://localhost/api/v1/sources/${claudeId}`, { method: "DELETE" }),
      ctx(claudeId),
    );
    expect(res.status).toBe(204);
    expect(
      (await GET_ONE(await browserRequest(`http://localhost/api/v1/sources/${claudeId}`), ctx(claudeId))).status,
    ).toBe(404);
    expect(
      (
        await DELETE(
          await browserRequest(`http://localhost/api/v1/sources/${claudeId}`, { method: "DELETE" }),
          ctx(claudeId),
        )
      ).status,
    ).toBe(404);
    expect((await sync(claudeId)).status).toBe(404);
    expect(await sessionsByProject("claude-code")).toEqual({ "ai-music": 3, "deep-manifest": 1, worktrees: 1 });
  });

  it("takes neither Claude Code's set-aside copies nor <session>/tool-results/ for sessions (the walk the CLI does)", async () => {
    const session = "11111111-1111-4111-8111-111111111111";
    const folder = path.join(tmp, "copies", "-src-app");
    const line = JSON.stringify({
      type: "user",
      uuid: "u1",
      parentUuid: null,
      sessionId: session,
      cwd: "/src/app",
      timestamp: "2025-01-01T00:00:00Z",
      message: { role: "user", content: "hi" },
    });
    fs.mkdirSync(path.join(folder, session, "tool-results"), { recursive: true });
    for (const name of [
      `${session}.jsonl`,
      `${session}.jsonl.orphaned-1736000000`,
      `${session}.jsonl.superseded-2`,
      `${session}/tool-results/agent-x.jsonl`,
    ]) {
      fs.writeFileSync(path.join(folder, name), line);
    }
    const created = await register({ name: "copies", path: path.join(tmp, "copies") });
    expect(created.body).toMatchObject({ kind: "claude-projects" });
    const result = (await sync(created.body.id)).body.sources[0]!;
    expect(result).toMatchObject({ error: null, filesSeen: 1, filesRead: 1 });
  });

  it("detects and syncs OpenCode's storage and Antigravity CLI's folder, each session (sub-agents folded in) once", async () => {
    fs.cpSync("test/fixtures/opencode/storage", path.join(tmp, "opencode", "storage"), { recursive: true });
    fs.cpSync("test/fixtures/antigravity/antigravity-cli", path.join(tmp, "agy"), { recursive: true });
    const opencode = await register({ name: "opencode", path: path.join(tmp, "opencode") });
    const agy = await register({ name: "agy", path: path.join(tmp, "agy") });
    expect([opencode.body.kind, agy.body.kind]).toEqual(["opencode-storage", "antigravity-brain"]);
    for (const id of [opencode.body.id, agy.body.id])
      expect((await sync(id)).body.sources[0]).toMatchObject({ error: null });
    expect(await sessionsByProject("opencode")).toEqual({ shop: 1, blog: 1 });
    expect(await sessionsByProject("antigravity")).toEqual({ greeter: 1, blog: 1 });
    const again = (await sync(opencode.body.id)).body.sources[0]!;
    expect(again).toMatchObject({ error: null, filesRead: 0 });
  });

  it("detects and syncs OpenCode's database, a session the storage folder's sync stored already kept once, and reads nothing again unchanged", async () => {
    buildOpenCodeDb(path.join(tmp, "opencode-db", "opencode.db"));
    const created = await register({ name: "opencode-db", path: path.join(tmp, "opencode-db") });
    expect(created.body.kind).toBe("opencode-storage");
    expect((await sync(created.body.id)).body.sources[0]).toMatchObject({ error: null, filesSeen: 3, filesRead: 3 });
    expect(await sessionsByProject("opencode")).toEqual({ shop: 1, blog: 1, notes: 1 });
    expect((await sync(created.body.id)).body.sources[0]).toMatchObject({ error: null, filesRead: 0 });
  });
});
