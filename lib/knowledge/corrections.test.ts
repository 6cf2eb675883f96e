import { describe, expect, it } from "vitest";
import type { KnowledgeOperation, KnowledgePrompt, KnowledgeSession } from "./contract";
import { mineCorrections } from "./corrections";
import { mineKnowledge } from "./mine";
import { itemLine } from "./wording";

const DAY = Date.UTC(2026, 2, 3, 9);
const prompt = (text: string, minute: number, o: Partial<KnowledgePrompt> = {}): KnowledgePrompt => ({
  text,
  at: DAY + minute * 60_000,
  after: null,
  ...o,
});
const op = (seq: number, minute: number, tool = "Edit", o: Partial<KnowledgeOperation> = {}): KnowledgeOperation => ({
  seq,
  tool,
  file: tool === "Edit" ? "/p/src/music.py" : null,
  command: null,
  isError: false,
  output: null,
  at: DAY + minute * 60_000,
  ...o,
});
const session = (id: number, prompts: KnowledgePrompt[], operations: KnowledgeOperation[] = []): KnowledgeSession => ({
  id,
  startedAt: DAY,
  operations,
  prompts,
});
const texts = (sessions: KnowledgeSession[]) => mineCorrections(sessions).map((c) => c.text);
/** A session where the agent worked after the task (minutes 1–2), then the user said `text` (minute 3). */
const afterWork = (text: string, o: Partial<KnowledgePrompt> = {}) =>
  session(
    1,
    [prompt("Write the synthesiser", 0), prompt(text, 3, o)],
    [op(1, 1), op(2, 2, "Bash", { command: "python music.py" })],
  );

describe("mineCorrections: what the user typed after refusing a call or interrupting", () => {
  it("quotes what they said after refusing the agent's plan, once, as a correction of the plan", () => {
    const refusedPlan = op(3, 2, "ExitPlanMode", {
      isError: true,
      output: "The user doesn't want to proceed with this tool use.",
    });
    const items = mineCorrections([
      session(
        1,
        [
          prompt("Report archive errors in the manifest. Propose.", 0),
          prompt("OK, so first commit the changes of the previous task, then proceed with this new plan.", 3, {
            after: "rejection",
          }),
        ],
        [op(1, 1, "Read"), refusedPlan],
      ),
    ]);
    expect(items).toEqual([
      expect.objectContaining({
        kind: "preference",
        text: "first commit the changes of the previous task, then proceed with this new plan.",
        corrected: "plan",
        corrections: 1,
        evidence: expect.objectContaining({ sessions: 1, occurrences: 1 }),
      }),
    ]);
    expect(itemLine(items[0]!)).toBe(
      "> “first commit the changes of the previous task, then proceed with this new plan.” — said by the user, correcting the agent after refusing its plan, in 1 session, last confirmed 2026-03-03 (quoted, not an instruction from Starlight)",
    );
  });

  it("quotes what they said after interrupting, the sentence stating the requirement rather than the whole message", () => {
    const items = mineCorrections([
      afterWork("Hold on. The loader has to read the files lazily, they are huge. Carry on after that.", {
        after: "interruption",
      }),
    ]);
    expect(items.map((c) => [c.text, c.corrected])).toEqual([
      ["The loader has to read the files lazily, they are huge.", "interruption"],
    ]);
  });

  it("quotes nothing of a refusal or an interruption followed by 'go on', thanks, a question or something for the occasion", () => {
    for (const text of [
      "continue",
      "ok, go ahead",
      "Sorry, please continue with it",
      "Thanks, that looks right.",
      "why did you stop there?",
      "skip the slow tests for now",
    ]) {
      expect(texts([afterWork(text, { after: "interruption" })]), text).toEqual([]);
      expect(texts([afterWork(text, { after: "rejection" })]), text).toEqual([]);
    }
  });

  it("looks for the correction in the message's first sentences only, and quotes a long one only in a requirement: what follows may be pasted", () => {
    expect(
      texts([afterWork("The parser is in lib/parse.ts, not in src. Read it first.", { after: "interruption" })]),
    ).toEqual(["The parser is in lib/parse.ts, not in src."]);
    const pasted =
      "The parser is in lib/parse.ts, not in src. Here is the log. Copied below. The run should not retry on a 404.";
    expect(texts([afterWork(pasted, { after: "interruption" })])).toEqual([]);
    const task =
      "Switch to the billing page. It has three tabs. Each tab should load its own data. Start with invoices.";
    expect(texts([afterWork(task, { after: "interruption" })])).toEqual(["Each tab should load its own data."]);
  });

  it("never quotes a prompt sent again after a rewind", () => {
    expect(
      texts([afterWork("The loader has to read the files lazily.", { after: "interruption", resent: true })]),
    ).toEqual([]);
  });
});

describe("mineCorrections: a reaction to the agent's finished work", () => {
  it("quotes the requirement a dissatisfied reaction carries, lead-in words off", () => {
    const items = mineCorrections([
      afterWork(
        "it doesn't sound quite like music. you know, music should have overlapping and multiple things playing at the same time",
      ),
    ]);
    expect(items.map((c) => [c.text, c.corrected])).toEqual([
      ["music should have overlapping and multiple things playing at the same time", "result"],
    ]);
    expect(itemLine(items[0]!)).toContain(
      "— said by the user, reacting to the agent's result, in 1 session, last confirmed 2026-03-03 (quoted, not an instruction from Starlight)",
    );
  });

  it("quotes a complaint that says what is wrong when it states no requirement, and one said of the result with 'it should'", () => {
    expect(texts([afterWork("all of texts now sound the same")])).toEqual(["all of texts now sound the same"]);
    expect(texts([afterWork("It should keep the rows in the order of the input file.")])).toEqual([
      "It should keep the rows in the order of the input file.",
    ]);
    expect(texts([afterWork("No, the export must include the archived orders too")])).toEqual([
      "the export must include the archived orders too",
    ]);
    expect(texts([afterWork("they don't look right. The thumbnails should keep the original aspect ratio")])).toEqual([
      "The thumbnails should keep the original aspect ratio",
    ]);
    expect(texts([afterWork("Make the period a dropdown instead of a free text field.")])).toEqual([
      "Make the period a dropdown instead of a free text field.",
    ]);
    expect(texts([afterWork("could we use a dropdown instead?")])).toEqual([]);
  });

  it("quotes nothing of a neutral next request, thanks, a question, giving up, or a complaint too short to say what was wanted", () => {
    for (const text of [
      "now add a README section for the export",
      "Thanks, next add the CSV export",
      "Great, thank you!",
      "does it still sound the same?",
      "We should support tar archives as well",
      "Still failing. Stop, I'll do it myself.",
      "Same error as before.",
      "don't change the tests",
    ]) {
      expect(texts([afterWork(text)]), text).toEqual([]);
    }
  });

  it("quotes no complaint that reacts to nothing: the session's task, or a message with no tool run since the last one", () => {
    expect(
      texts([session(1, [prompt("it doesn't sound like music, the synth should layer the voices", 0)], [op(1, 1)])]),
    ).toEqual([]);
    expect(
      texts([
        session(
          1,
          [prompt("Explain the synth", 0), prompt("it doesn't sound like music, the synth should layer the voices", 3)],
          [],
        ),
      ]),
    ).toEqual([]);
  });
});

describe("mineCorrections: evidence and order", () => {
  it("counts the same correction across sessions, puts what answered a refusal first, and keeps at most four", () => {
    const again = (id: number) =>
      session(
        id,
        [prompt("Render the chart", 0), prompt("the chart doesn't render the legend on mobile", 3)],
        [op(1, 1)],
      );
    const items = mineCorrections([
      again(1),
      again(2),
      afterWork("OK. The tests must not touch the network.", { after: "rejection" }),
      session(3, [prompt("a", 0), prompt("it should keep the header row", 3)], [op(1, 1)]),
      session(4, [prompt("b", 0), prompt("it should print the totals last", 3)], [op(1, 1)]),
      session(5, [prompt("c", 0), prompt("it should round to cents", 3)], [op(1, 1)]),
    ]);
    expect(items.map((c) => c.text)).toEqual([
      "The tests must not touch the network.",
      "it should keep the header row",
      "it should print the totals last",
      "it should round to cents",
    ]);
    const chart = mineCorrections([again(1), again(2)]);
    expect(chart.map((c) => [c.text, c.evidence.sessions, c.evidence.occurrences])).toEqual([
      ["the chart doesn't render the legend on mobile", 2, 2],
    ]);
  });

  it("leads the project's knowledge, and is not said twice when a preference already quotes it", () => {
    const items = mineKnowledge([afterWork("it doesn't sound quite like music. music should have overlapping parts")]);
    expect(items[0]).toEqual(
      expect.objectContaining({ kind: "preference", corrected: "result", text: "music should have overlapping parts" }),
    );
    const stated = mineKnowledge([afterWork("no mocking the database here, use the testDb fixture")]).filter(
      (i) => i.kind === "preference",
    );
    expect(
      stated.map((i) => [i.kind === "preference" ? i.text : "", i.kind === "preference" ? i.corrected : ""]),
    ).toEqual([["no mocking the database here, use the testDb fixture", undefined]]);
  });
});
