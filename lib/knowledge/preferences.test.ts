import { describe, expect, it } from "vitest";
import type { KnowledgeOperation, KnowledgePrompt, KnowledgeSession } from "./contract";
import { minePreferences } from "./preferences";
import { itemLine } from "./wording";

const prompt = (text: string, o: Partial<KnowledgePrompt> = {}): KnowledgePrompt => ({
  text,
  at: null,
  after: null,
  ...o,
});
const bash = (seq: number, command: string): KnowledgeOperation => ({
  seq,
  tool: "Bash",
  file: null,
  command,
  isError: false,
  output: null,
  at: null,
});
const session = (id: number, prompts: KnowledgePrompt[], operations: KnowledgeOperation[] = []): KnowledgeSession => ({
  id,
  startedAt: id * 1_000,
  operations,
  prompts,
});
const texts = (sessions: KnowledgeSession[]) => minePreferences(sessions).map((p) => p.text);

describe("minePreferences: a correction that states a rule counts alone", () => {
  it("keeps the reason typed with a refused call, said once, with the call refused", () => {
    const prefs = minePreferences([
      session(1, [
        prompt("Add the chart dependency"),
        prompt("not npm — this repo uses pnpm", { after: "rejection", refused: "npm install chart.js" }),
      ]),
    ]);
    expect(prefs).toEqual([
      expect.objectContaining({
        text: "not npm — this repo uses pnpm",
        corrections: 1,
        refused: "npm install chart.js",
        evidence: expect.objectContaining({ sessions: 1, occurrences: 1 }),
      }),
    ]);
    expect(itemLine(prefs[0]!)).toBe(
      "> “not npm — this repo uses pnpm” — said by the user when refusing `npm install chart.js`, in 1 session, last confirmed 1970-01-01 (quoted, not an instruction from Starlight)",
    );
  });

  it("names no refused call that may never be named to an agent, and quotes no unsafe command", () => {
    const [pref] = minePreferences([
      session(1, [
        prompt("Clean the build"),
        prompt("never delete outside the build folder", { after: "rejection", refused: "rm -rf ~" }),
      ]),
    ]);
    expect(itemLine(pref!)).toBe(
      "> “never delete outside the build folder” — said by the user in 1 session, last confirmed 1970-01-01 (quoted, not an instruction from Starlight)",
    );
    const [unsafe] = minePreferences([
      session(1, [
        prompt("Ship it"),
        prompt("don't push yet, always run git push --force origin main after review", { after: "rejection" }),
      ]),
    ]);
    expect(itemLine(unsafe!)).toBeNull();
  });

  it("keeps a correction after an interruption, trimmed to the sentence that states the rule", () => {
    const prefs = texts([
      session(1, [
        prompt("Add a test for the expiry"),
        prompt("Hm, wait. Stop mocking the clock, we have the fakeTimers helper in test/support. Then carry on.", {
          after: "interruption",
        }),
      ]),
    ]);
    expect(prefs).toEqual(["Stop mocking the clock, we have the fakeTimers helper in test/support."]);
  });

  it("keeps a follow-up that rejects the approach and says what to use instead, without a refusal", () => {
    expect(
      texts([
        session(1, [
          prompt("Add a test for the orders"),
          prompt("no mocking the database here, use the testDb fixture"),
        ]),
      ]),
    ).toEqual(["no mocking the database here, use the testDb fixture"]);
    expect(texts([session(1, [prompt("Add a test for the orders"), prompt("No, that is the wrong file")])])).toEqual(
      [],
    );
  });

  it("keeps nothing of a remark or a question after an interruption, nor a rule buried in text pasted after it", () => {
    expect(
      texts([
        session(1, [
          prompt("Fix the import"),
          prompt("I don't think that's right, can you check the logs?", { after: "interruption" }),
        ]),
      ]),
    ).toEqual([]);
    expect(
      texts([
        session(1, [
          prompt("Fix the import"),
          prompt("Not sure, should we always use the v2 client?", { after: "interruption" }),
        ]),
      ]),
    ).toEqual([]);
    const pasted = ["Here is the log.", "Line one of it.", "Line two of it.", "use the retry helper, it says"].join(
      "\n",
    );
    expect(texts([session(1, [prompt("Fix the import"), prompt(pasted, { after: "interruption" })])])).toEqual([]);
  });

  it("reads the reason for refusing a plan as feedback on the task, kept only when worded as standing", () => {
    const plan = (text: string) =>
      session(1, [prompt("Plan the rename"), prompt(text, { after: "rejection", refused: "ExitPlanMode" })]);
    expect(texts([plan("use the existing migration, drop the new one from the plan")])).toEqual([]);
    expect(texts([plan("Never add a migration without a down step.")])).toEqual([
      "Never add a migration without a down step.",
    ]);
  });

  it("keeps nothing of a refusal or interruption that states no rule, or only one for the occasion", () => {
    expect(
      texts([
        session(1, [
          prompt("Deploy"),
          prompt("not now, the tests are red", { after: "rejection" }),
          prompt("continue", { after: "interruption" }),
        ]),
      ]),
    ).toEqual([]);
  });
});

describe("minePreferences: instructions and tasks", () => {
  it("keeps an instruction worded as standing, said once", () => {
    expect(texts([session(1, [prompt("Fix the login bug. From now on, run make lint before every commit.")])])).toEqual(
      ["From now on, run make lint before every commit."],
    );
    expect(texts([session(1, [prompt("Always use the logger from lib/log, never console.log")])])).toEqual([
      "Always use the logger from lib/log, never console.log",
    ]);
  });

  it("keeps another instruction only when it comes back in a second session", () => {
    const once = [session(1, [prompt("Split the parser"), prompt("Prefer small commits with clear messages")])];
    expect(texts(once)).toEqual([]);
    expect(texts([...once, session(2, [prompt("Fix the cache. prefer small commits with clear messages!")])])).toEqual([
      "prefer small commits with clear messages!",
    ]);
  });

  it("keeps no task, however many sessions ask it", () => {
    const task = (id: number) => session(id, [prompt("Fix the failing lint"), prompt("Looks good, thanks!")]);
    expect(texts([task(1), task(2), task(3)])).toEqual([]);
  });

  it("keeps no task that opens like an instruction, however many sessions ask it", () => {
    const s = (id: number) => session(id, [prompt("Use the admin API to reseed the demo data")]);
    expect(texts([s(1), s(2)])).toEqual([]);
  });

  it("keeps nothing said for the occasion, even worded as an instruction in two sessions", () => {
    const s = (id: number) =>
      session(id, [prompt("Rename the module"), prompt("Use the staging bucket for this migration run only")]);
    expect(texts([s(1), s(2)])).toEqual([]);
  });

  it("counts a prompt sent again after a rewind once", () => {
    const rewound = session(1, [
      prompt("Add retries"),
      prompt("Use the v2 client for the uploads"),
      prompt("Use the v2 client for the uploads", { resent: true }),
    ]);
    expect(texts([rewound])).toEqual([]);
    const [pref] = minePreferences([
      rewound,
      session(2, [prompt("Bump the version"), prompt("use the v2 client for the uploads")]),
    ]);
    expect(pref?.evidence).toMatchObject({ sessions: 2, occurrences: 2 });
  });

  it("keeps a command the user had to type twice for the agent, which the agent ran", () => {
    const typed = session(
      1,
      [
        prompt("Set up the database"),
        prompt("npm run db:seed"),
        prompt("is the data there?"),
        prompt("npm run db:seed"),
      ],
      [bash(1, "npm run db:seed")],
    );
    expect(texts([typed])).toEqual(["npm run db:seed"]);
    expect(
      texts([session(2, [prompt("Set up the database"), prompt("npm run db:seed")], [bash(1, "npm run db:seed")])]),
    ).toEqual([]);
  });

  it("quotes no environment activation the user typed for the agent: the environment's items say what it is for", () => {
    for (const activation of ["conda activate py311", "source .venv/bin/activate", "nvm use 20"]) {
      const typed = session(
        1,
        [prompt("Set up the environment"), prompt(activation), prompt("which env is active?"), prompt(activation)],
        [bash(1, activation)],
      );
      expect(texts([typed]), activation).toEqual([]);
    }
  });

  it("keeps the corrections first", () => {
    const prefs = texts([
      session(1, [prompt("Always write the changelog entry in the same commit")]),
      session(2, [
        prompt("Always write the changelog entry in the same commit"),
        prompt("don't use yarn, we use bun", { after: "rejection" }),
      ]),
    ]);
    expect(prefs).toEqual(["don't use yarn, we use bun", "Always write the changelog entry in the same commit"]);
  });
});
