import { describe, expect, it } from "vitest";
import type { FoundFile } from "./files";
import { emptyState, isUnchanged, logEntry, markUploaded, parseSnapshot, replayLog } from "./import-state";

const file = (path: string, size = 10, mtimeMs = 1_000): FoundFile => ({ path, name: path.slice(1), size, mtimeMs });
const A = "http://a:3000";
const B = "http://b:3000";

describe("the import state's log", () => {
  it("replays entries in order over the snapshot, per server, the later entry for a path winning", () => {
    const state = emptyState();
    markUploaded(state, A, [file("/x", 1)], "2026-01-01T00:00:00.000Z");
    const log =
      logEntry(A, [file("/x", 2), file("/y")], "2026-01-02T00:00:00.000Z") +
      logEntry(B, [file("/x", 3)], "2026-01-03T00:00:00.000Z");
    replayLog(state, log);
    expect(state.servers[A]).toEqual({
      "/x": { size: 2, mtimeMs: 1_000, uploadedAt: "2026-01-02T00:00:00.000Z" },
      "/y": { size: 10, mtimeMs: 1_000, uploadedAt: "2026-01-02T00:00:00.000Z" },
    });
    expect(isUnchanged(state, B, file("/x", 3))).toBe(true);
    expect(isUnchanged(state, B, file("/x", 3, 2_000))).toBe(false);
    expect(isUnchanged(state, A, file("/z"))).toBe(false);
  });

  it("skips an entry cut short, and the entry written after it still counts", () => {
    const first = logEntry(A, [file("/first")]);
    const torn = logEntry(A, [file("/torn")]).slice(0, 30);
    const after = logEntry(A, [file("/after")]);
    const state = emptyState();
    replayLog(state, first + torn + after);
    expect(Object.keys(state.servers[A]!).sort()).toEqual(["/after", "/first"]);
  });

  it("every way an entry can be cut short loses only that entry", () => {
    const whole = logEntry(A, [file("/one"), file("/two")]);
    for (let cut = 0; cut < whole.length; cut++) {
      const state = emptyState();
      replayLog(state, logEntry(A, [file("/before")]) + whole.slice(0, cut));
      expect(Object.keys(state.servers[A] ?? {}), `cut at ${cut}`).toEqual(["/before"]);
    }
  });

  it("ignores lines that are JSON but not entries, and files that are not [path, size, mtime]", () => {
    const state = emptyState();
    replayLog(state, `\n{"server":1}\n[1,2]\n{"server":"${A}","at":"t","files":[["/ok",1,2],["/bad","1",2],null]}`);
    expect(state.servers[A]).toEqual({ "/ok": { size: 1, mtimeMs: 2, uploadedAt: "t" } });
  });

  it("replaying the same entries twice changes nothing (a crash between a compaction's rename and the log's removal)", () => {
    const log = logEntry(A, [file("/x")], "t1");
    const once = emptyState();
    replayLog(once, log);
    const twice = parseSnapshot(JSON.stringify(once))!;
    replayLog(twice, log);
    expect(twice).toEqual(once);
  });
});

describe("the import state's snapshot", () => {
  it("reads what it wrote, and refuses what is not a version-1 state", () => {
    const state = emptyState();
    markUploaded(state, A, [file("/x")], "t");
    expect(parseSnapshot(JSON.stringify(state))).toEqual(state);
    for (const text of ["", "{", "null", '{"version":2,"servers":{}}', '{"version":1}'])
      expect(parseSnapshot(text), text).toBeNull();
  });
});
