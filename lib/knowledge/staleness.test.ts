import { describe, expect, it } from "vitest";
import type { CommandItem, KnowledgeItem, KnowledgeOperation, KnowledgeSession } from "./contract";
import { mineKnowledge } from "./mine";
import { itemLine } from "./wording";

/** Made-up sessions of one project at /r, a day apart, operations a second apart. */
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 1);
let seq = 0;
const session = (id: number, ops: Omit<KnowledgeOperation, "seq" | "at">[]): KnowledgeSession => ({
  id,
  startedAt: T0 + id * DAY,
  prompts: [],
  operations: ops.map((o, i) => ({ ...o, seq: seq++, at: T0 + id * DAY + i * 1000 })),
});
const base = { file: null, command: null, isError: false, output: null };
const edit = (file: string) => ({ ...base, tool: "Edit", file: `/r/${file}` });
const write = (file: string) => ({ ...base, tool: "Write", file: `/r/${file}` });
const bash = (command: string, isError = false) => ({ ...base, tool: "Bash", command, isError });

const hotSpots = (items: KnowledgeItem[]) => items.flatMap((i) => (i.kind === "hot-spot" ? [i.file] : []));
const coChange = (items: KnowledgeItem[]) =>
  items.flatMap((i) => (i.kind === "co-change" ? [[i.file, ...i.partners].join(" ")] : []));
const commands = (items: KnowledgeItem[]) => items.filter((i): i is CommandItem => i.kind === "command");

/** Two sessions that change the auth module with its test, then `removal` in a third. */
const authHistory = (removal: string) => [
  session(1, [edit("src/legacy-auth.ts"), edit("test/auth.test.ts"), edit("src/legacy-auth.ts")]),
  session(2, [edit("src/legacy-auth.ts"), edit("test/auth.test.ts")]),
  session(3, [edit("test/auth.test.ts"), bash(removal)]),
];

describe("knowledge follows the project's latest state: deleted and moved files", () => {
  it("knows the files as hot spots and co-change pairs before they are removed", () => {
    const items = mineKnowledge(authHistory("npm test"));
    expect(hotSpots(items)).toEqual(["test/auth.test.ts", "src/legacy-auth.ts"]);
    expect(coChange(items)).toEqual(["test/auth.test.ts src/legacy-auth.ts"]);
  });

  it.each([
    "git rm src/legacy-auth.ts",
    "rm -f src/legacy-auth.ts",
    "rm -r src/",
    "cd src && git rm legacy-auth.ts",
    "rm /r/src/legacy-auth.ts",
  ])("retires the hot spot and co-change pairs of a file a later session deleted: %s", (removal) => {
    const items = mineKnowledge(authHistory(removal));
    expect(JSON.stringify(items)).not.toContain("legacy-auth");
    expect(coChange(items)).toEqual([]);
  });

  it("keeps a file whose deletion failed, or that was written again after it was deleted", () => {
    const failed = authHistory("npm test");
    failed[2]!.operations.push({ ...bash("git rm src/legacy-auth.ts", true), seq: seq++, at: T0 + 3 * DAY + 9000 });
    expect(hotSpots(mineKnowledge(failed))).toContain("src/legacy-auth.ts");
    const recreated = [
      ...authHistory("git rm src/legacy-auth.ts"),
      session(4, [write("src/legacy-auth.ts")]),
      session(5, [edit("src/legacy-auth.ts")]),
    ];
    expect(hotSpots(mineKnowledge(recreated))).toContain("src/legacy-auth.ts");
  });

  it("moves a file's hot spot and pairs to its new path with git mv, mv into a folder, or its folder moved", () => {
    for (const [move, now] of [
      ["git mv src/legacy-auth.ts packages/core/src/auth.ts", "packages/core/src/auth.ts"],
      ["mkdir -p lib && mv src/legacy-auth.ts lib/", "lib/legacy-auth.ts"],
      ["git mv src packages/core/src", "packages/core/src/legacy-auth.ts"],
    ]) {
      const items = mineKnowledge(authHistory(move!));
      expect(hotSpots(items), move).toContain(now);
      expect(JSON.stringify(items), move).not.toContain('"src/legacy-auth.ts"');
      expect(coChange(items).join("|"), move).toContain(now);
    }
  });
});

describe("hot spots: files the project keeps changing", () => {
  it("is not a file written once, or edited many times, in one session", () => {
    const items = mineKnowledge([
      session(1, [write("src/new.ts"), edit("src/new.ts"), edit("src/new.ts"), edit("src/new.ts")]),
      session(2, [edit("src/other.ts")]),
    ]);
    expect(hotSpots(items)).toEqual([]);
  });

  it("needs a share of the project's history: 2 sessions of 30 that changed files are not enough, 3 are", () => {
    const quiet = Array.from({ length: 28 }, (_, i) => session(10 + i, [edit(`${i % 2 ? "lib" : "src"}/f${i}.ts`)]));
    const core = [41, 42, 43].map((id) => session(id, [edit("src/core.ts")]));
    expect(hotSpots(mineKnowledge([...quiet, ...core.slice(0, 2)]))).toEqual([]);
    const thrice = [...quiet.slice(1), ...core];
    expect(hotSpots(mineKnowledge(thrice))).toEqual(["src/core.ts"]);
  });

  it("has cooled down when none of the latest sessions changed it", () => {
    const later = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => session(from + i, [edit(`${i % 2 ? "lib" : "src"}/g${from + i}.ts`)]));
    const early = [
      session(1, [edit("src/old.ts")]),
      session(2, [edit("src/old.ts")]),
      session(3, [edit("src/old.ts")]),
    ];
    expect(hotSpots(mineKnowledge([...early, ...later(10, 6)]))).toEqual(["src/old.ts"]);
    expect(hotSpots(mineKnowledge([...early, ...later(10, 12)]))).toEqual([]);
  });

  it("is no lockfile or generated output", () => {
    const s = (id: number) => session(id, [edit("package-lock.json"), edit("dist/app.js"), edit("src/app.ts")]);
    expect(hotSpots(mineKnowledge([s(1), s(2)]))).toEqual(["src/app.ts"]);
  });
});

describe("newer evidence outranks older: a command form replaced by a newer one", () => {
  const jestThenVitest = (vitestSessions: number) => [
    session(1, [bash("npx jest"), bash("npx jest")]),
    session(2, [bash("npx jest")]),
    session(3, [bash("npm i -D vitest"), bash("npx vitest run"), bash("npx vitest run")]),
    ...Array.from({ length: vitestSessions - 1 }, (_, i) => session(4 + i, [bash("npx vitest run")])),
  ];

  it("retires the older form once the newer one is seen in two sessions and the older no more", () => {
    const tests = commands(mineKnowledge(jestThenVitest(2))).filter((c) => c.purpose === "test");
    expect(tests.map((c) => c.example)).toEqual(["npx vitest run"]);
  });

  it("ranks the older form below the newer one, marked as older, while the newer rests on one session", () => {
    const items = mineKnowledge(jestThenVitest(1));
    const tests = commands(items).filter((c) => c.purpose === "test");
    expect(tests.map((c) => c.example)).toEqual(["npx vitest run", "npx jest"]);
    expect(tests[1]!.olderThan).toEqual({ by: "npx vitest run", since: T0 + 3 * DAY + 1000 });
    expect(itemLine(tests[1]!)).toBe(
      "Tests: `npx jest` — ran 3 times, passed 3, in 2 sessions, last confirmed 2026-01-03. Older: replaced by `npx vitest run` since 2026-01-04.",
    );
  });

  it("keeps both forms when the older one still runs after the newer started, and several builds side by side", () => {
    const both = [
      session(1, [bash("npx jest"), bash("npm run build")]),
      session(2, [bash("npx vitest run"), bash("npx jest"), bash("npm run build")]),
      session(3, [bash("npx vitest run"), bash("docker build ."), bash("docker build .")]),
      session(4, [bash("docker build .")]),
    ];
    const examples = commands(mineKnowledge(both)).map((c) => c.example);
    expect(examples).toEqual(expect.arrayContaining(["npx jest", "npx vitest run", "npm run build", "docker build ."]));
    expect(commands(mineKnowledge(both)).every((c) => c.olderThan === undefined)).toBe(true);
  });
});

describe("paths relative to where the agent's shell ran", () => {
  it("names a moved file from the project's root even when it is the only file left", () => {
    const history = [
      session(1, [edit("src/old-billing.ts")]),
      session(2, [edit("src/old-billing.ts")]),
      session(3, [bash("git mv src/old-billing.ts packages/core/src/billing.ts")]),
    ];
    expect(hotSpots(mineKnowledge(history))).toEqual(["packages/core/src/billing.ts"]);
  });
});
