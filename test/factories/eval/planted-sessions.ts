/**
 * Generated projects of the knowledge evaluation (docs/knowledge-eval.md#the-labelled-sets) where how sessions are
 * recorded misleads: a rewound prompt, chance-duplicate prompts, empty main transcripts with sub-agents' files,
 * generic working-directory names. The seed picks the tools, names and wording.
 */
import {
  anti,
  escapeRegex as esc,
  fact,
  home,
  nth,
  passes,
  ProjectBuilder,
  thanks,
  type ClassContext,
  type PlantedProject,
} from "./planting";

/** A prompt sent twice because the user rewound the conversation: one remark, not a standing preference. */
export function rewoundPrompt(ctx: ClassContext): PlantedProject {
  const { random } = ctx;
  const remark = random.pick([
    {
      text: "Retry the upload three times before giving up, just for this import job",
      key: "three times before giving up",
    },
    { text: "Use the staging bucket for this migration run only", key: "staging bucket" },
    { text: "Skip the slow snapshot tests while we debug this", key: "slow snapshot tests" },
  ]);
  const build = random.pick(["make build", "npm run build", "cargo build --release"]);
  const p = new ProjectBuilder(random, home(ctx), ctx.start);
  p.session("success", "the one-off request was done, build passes", (s) => {
    s.prompt(remark.text);
    s.say("Let me look at the job.");
    s.rewindAndPrompt(remark.text);
    s.edit("src/jobs/import.ts", "attempts = 1", "attempts = 3");
    passes(s, build);
    thanks(s, random);
  });
  p.session("success", "build passes", (s) => {
    s.prompt("Bump the version to the next minor");
    s.edit("package.json", '"version": "1.2.0"', '"version": "1.3.0"');
    passes(s, build);
    thanks(s, random);
  });
  return p.planted(
    "rewound (duplicated) prompt",
    [fact("rewind-build", "medium", "build", `Build with \`${build}\`.`, esc(build), { sessions: 2, repeated: true })],
    [
      anti(
        "rewind-preference",
        "A one-off request, duplicated by a rewind, quoted as a standing preference.",
        esc(remark.key),
        remark.text,
        { quoted: true },
      ),
    ],
  );
}

/** The same short task prompt in two sessions by chance: a task, not a preference. */
export function chanceDuplicatePrompts(ctx: ClassContext): PlantedProject {
  const { random } = ctx;
  const task = random.pick([
    "Update the changelog for the release",
    "Fix the failing lint",
    "Bump the dependencies",
    "Regenerate the API client",
  ]);
  const test = random.pick(["npm run test:unit", "pnpm vitest run", "make test"]);
  const p = new ProjectBuilder(random, home(ctx), ctx.start);
  p.session("success", "task done, tests pass", (s) => {
    s.prompt(task);
    s.edit("CHANGELOG.md", "## Unreleased", "## 2.4.0");
    passes(s, test);
    thanks(s, random);
  });
  p.session("failure", "tests still failing at the end; the user gave up on the session", (s) => {
    s.prompt(task);
    s.edit("CHANGELOG.md", "## Unreleased", "## 2.5.0");
    s.bash(test, { exit: 1, output: "2 failed, 10 passed" });
    s.bash(test, { exit: 1, output: "2 failed, 10 passed" });
    s.prompt("Still failing. Stop, I'll do it myself.");
    s.say("Understood, stopping here.");
  });
  return p.planted(
    "chance-duplicate task prompts",
    [fact("dup-test", "medium", "test", `Run the tests with \`${test}\`.`, esc(test), { sessions: 2, repeated: true })],
    [
      anti(
        "dup-preference",
        "The same task asked in two sessions by chance, quoted as a preference.",
        esc(task),
        `> “${task}” — said by the user in 2 sessions`,
        { quoted: true },
      ),
    ],
  );
}

/** Sessions whose main transcript is empty and whose work is in sub-agents' transcripts. */
export function emptyMainTranscript(ctx: ClassContext): PlantedProject {
  const { random } = ctx;
  const check = random.pick(["make check", "just test", "tox -e py312", "nox -s tests"]);
  const p = new ProjectBuilder(random, home(ctx), ctx.start);
  for (let i = 0; i < 2; i++) {
    p.delegatedSession([
      (s) => {
        s.prompt("Run the project's checks and fix what fails");
        s.bash(check, { exit: 1, output: "1 failed" });
        s.edit(`src/module${i}.py`, "return x", "return x or 0");
        passes(s, check);
        s.say("The checks pass now.");
      },
    ]);
  }
  return p.planted(
    "empty main transcript with sub-agent files",
    [
      fact("subagent-check", "high", "test", `Run the checks with \`${check}\`.`, esc(check), {
        sessions: 2,
        repeated: true,
      }),
    ],
    [],
  );
}

/** Two projects whose working directories end in the same generic folder name ("app", "src", …). */
export function genericCwd(ctx: ClassContext): PlantedProject[] {
  const { random } = ctx;
  const generic = random.pick(["app", "src", "project", "repo"]);
  const [a, b] = random.pick([
    ["pnpm test", "poetry run pytest"],
    ["bun test", "go test ./..."],
    ["yarn test", "cargo test"],
  ] as const);
  const user = random.pick(["dev", "sam", "kim", "alex"]);
  const planted = (parent: string, own: string, other: string, id: string): PlantedProject => {
    const p = new ProjectBuilder(random, `/home/${user}/${parent}/${generic}`, ctx.start);
    for (let i = 0; i < 2; i++) {
      p.session("success", "tests pass", (s) => {
        s.prompt(nth(["Add input validation", "Fix the off-by-one in paging", "Rename the config loader"], i));
        s.edit(`lib/file${i}.txt`, "a", "b");
        passes(s, own);
        passes(s, own);
        thanks(s, random);
      });
    }
    const facts = [
      fact(`${id}-own-cmd`, "high", "test", `Run the tests with \`${own}\`.`, esc(own), {
        sessions: 2,
        repeated: true,
      }),
      fact(
        `${id}-name`,
        "low",
        "project",
        `The project is ${parent} (its folder "${generic}" is a generic name).`,
        `\\b${esc(parent)}\\b`,
        { sessions: 2, repeated: true },
      ),
    ];
    return p.planted("generic cwd folder name", facts, [
      anti(
        `${id}-leak`,
        `Another project's command: a generic folder name must not merge two projects.`,
        esc(other),
        `Tests: \`${other}\``,
      ),
    ]);
  };
  return [planted(`${ctx.name}-shop`, a, b, "generic-a"), planted(`${ctx.name}-blog`, b, a, "generic-b")];
}
