/**
 * Generated project of the knowledge evaluation (docs/knowledge-eval.md#the-labelled-sets) for the user's
 * corrections in prose, each said once: what they typed after refusing the agent's plan, and a dissatisfied reaction
 * to the agent's result carrying a requirement; beside them, a neutral next request and a thank-you, which guidance
 * must not quote. The seed picks the wording.
 */
import {
  anti,
  escapeRegex as esc,
  fact,
  home,
  passes,
  ProjectBuilder,
  type ClassContext,
  type PlantedProject,
} from "./planting";

export function proseCorrections(ctx: ClassContext): PlantedProject {
  const { random } = ctx;
  const plan = random.pick([
    {
      task: "Add a CSV export to the report page. Plan it first.",
      correction: "OK, so first commit the pagination work on its own, then go ahead with this plan.",
      regex: "commit[^\\n]{0,60}pagination",
    },
    {
      task: "Add the webhook endpoint for payments. Plan it first.",
      correction: "Wait. Put the new endpoint behind the feature flag in config/flags.ts, then carry on with the plan.",
      regex: "config/flags\\.ts",
    },
    {
      task: "Add the archived column to the users table. Plan it first.",
      correction: "Before that: the migration has to be reversible, so write the down step too.",
      regex: "reversible",
    },
  ]);
  const result = random.pick([
    {
      task: "Make the thumbnails for the gallery",
      file: "src/thumbs.ts",
      reaction: "they don't look right. The thumbnails should keep the original aspect ratio",
      regex: "aspect ratio",
    },
    {
      task: "Write the release notes generator",
      file: "scripts/notes.ts",
      reaction: "it doesn't read like release notes at all. Each entry should link its pull request",
      regex: "link\\w* its pull request",
    },
    {
      task: "Build the weekly digest email",
      file: "src/digest.ts",
      reaction: "all of the digests now look the same. Every digest should lead with the reader's own projects",
      regex: "reader's own projects",
    },
  ]);
  const neutral = random.pick([
    "Now add a section about the export to the README",
    "Next, add a short section about the export to the README",
  ]);
  const thanks = random.pick([
    { text: "Thanks, that is exactly what I wanted.", key: "exactly what I wanted" },
    { text: "Great, thank you, that works nicely.", key: "works nicely" },
  ]);
  const thankYou = thanks.text;
  const test = random.pick(["npm test", "pnpm vitest run", "yarn test"]);
  const p = new ProjectBuilder(random, home(ctx), ctx.start);
  p.session(
    "success",
    "the plan was refused and corrected; the work was done the user's way and the tests pass",
    (s) => {
      s.prompt(plan.task);
      s.read("src/report.ts");
      s.refusePlan("1. Add the change\n2. Test it");
      s.prompt(plan.correction);
      s.edit("src/report.ts", "// todo", "// done");
      passes(s, test);
      s.prompt(thankYou);
      s.say("Glad it helped.");
    },
  );
  p.session("success", "the user found the result wanting and said what it needs; fixed, tests pass", (s) => {
    s.prompt(result.task);
    s.edit(result.file, "// draft", "// first version");
    passes(s, test);
    s.prompt(result.reaction);
    s.edit(result.file, "// first version", "// second version");
    passes(s, test);
    s.prompt(thankYou);
    s.say("Glad it helped.");
  });
  p.session("success", "a follow-up request done, tests pass", (s) => {
    s.prompt("Add the export of the totals");
    s.edit("src/export.ts", "// export", "// export totals");
    passes(s, test);
    s.prompt(neutral);
    s.edit("README.md", "## Usage", "## Usage\n\n## Export");
    s.prompt(thankYou);
    s.say("Glad it helped.");
  });
  return p.planted(
    "corrections in prose",
    [
      fact(
        "prose-plan",
        "high",
        "correction",
        `User correction after refusing the plan: ${plan.correction}`,
        plan.regex,
        { sessions: 1, repeated: false },
      ),
      fact("prose-result", "high", "correction", `User correction of the result: ${result.reaction}`, result.regex, {
        sessions: 1,
        repeated: false,
      }),
      fact("prose-test", "medium", "test", `Run the tests with \`${test}\`.`, esc(test), {
        sessions: 3,
        repeated: true,
      }),
    ],
    [
      anti(
        "prose-neutral",
        "A neutral next request quoted as a correction or a rule.",
        "section about the export",
        `> “${neutral}” — said by the user`,
        { quoted: true },
      ),
      anti(
        "prose-thanks",
        "A thank-you quoted as something the user asked for.",
        esc(thanks.key),
        `> “${thankYou}” — said by the user`,
        { quoted: true },
      ),
    ],
  );
}
