/**
 * Generated projects of the knowledge evaluation (docs/knowledge-eval.md#the-labelled-sets) whose knowledge is in
 * what the sessions did consistently, or in a rule said in passing: the git workflow, the test layout and the test
 * file that changes with the code, an environment that must be activated in the same call, a rule stated as what to
 * use instead of what. The seed picks the branches, prefixes, tools, files and wording.
 */
import type { SessionWriter } from "./session-writer";
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

const heredoc = (message: string) =>
  `git commit -m "$(cat <<'EOF'\n${message}\n\nCo-Authored-By: Claude <noreply@anthropic.com>\nEOF\n)"`;

/** Branches from one base, named `<prefix>/<topic>`, commits with one Conventional Commits type mostly, pushed or kept local. */
export function gitWorkflow(ctx: ClassContext): PlantedProject {
  const { random } = ctx;
  const base = random.pick(["main", "master", "develop"]);
  const type = random.pick(["feat", "fix", "refactor"]);
  const prefix = random.pick(["feature", "amy", "task"]);
  const pushes = random.pick([true, false]);
  const test = random.pick(["npm test", "pytest -q", "cargo test", "go test ./..."]);
  const topics = ["search-filters", "export-csv", "retry-uploads"];
  const p = new ProjectBuilder(random, home(ctx), ctx.start);
  topics.forEach((topic, i) => {
    p.session("success", "the work was committed on its branch and merged", (s) => {
      s.prompt(nth(["Add filters to the search page", "Export the report as CSV", "Retry failed uploads"], i));
      s.bash(`git checkout -b ${prefix}/${topic} ${base}`, { output: `Switched to a new branch '${prefix}/${topic}'` });
      // Each session works its own way, so no tool sequence recurs across the seeds' projects as a "proven" pattern.
      if (i === 2) s.read(`src/${topic}.ts`);
      s.edit(`src/${topic}.ts`, "todo", "done");
      if (i === 1) s.edit(`src/${topic}.ts`, "draft", "final");
      passes(s, test);
      const subject = `${i === 1 ? "docs" : type}: ${topic.replace(/-/g, " ")}`;
      s.bash(i === 0 ? heredoc(subject) : `git commit -am "${subject}"`, {
        output: `[${prefix}/${topic} 1a2b3c${i}] ${subject}`,
      });
      s.bash(`git checkout ${base}`, { output: `Switched to branch '${base}'` });
      s.bash(`git merge --no-ff ${prefix}/${topic}`, { output: "Merge made by the 'ort' strategy." });
      if (pushes)
        s.bash(`git push origin ${base}`, {
          output: `To github.com:example/app.git\n   1a2b3c4..5d6e7f8  ${base} -> ${base}`,
        });
      thanks(s, random);
    });
  });
  p.session("success", "a one-off work-in-progress commit the user asked for", (s) => {
    s.prompt("Commit what you have as a work in progress, I need to switch machines");
    s.bash('git commit -am "wip: half-done export"', { output: "[main 9f9f9f9] wip: half-done export" });
    thanks(s, random);
  });
  return p.planted(
    "git workflow",
    [
      fact(
        "git-commit-style",
        "high",
        "vcs",
        `Commit messages use Conventional Commits prefixes, mostly \`${type}:\`.`,
        `\`${esc(type)}:\``,
        { sessions: 3, repeated: true },
      ),
      fact(
        "git-base",
        "medium",
        "vcs",
        `The base branch is \`${base}\`: branches start from it and merge back into it.`,
        `base branch is \`${esc(base)}\``,
        { sessions: 3, repeated: true },
      ),
      fact("git-branch-naming", "medium", "vcs", `New branches are named \`${prefix}/<topic>\`.`, `\`${esc(prefix)}/`, {
        sessions: 3,
        repeated: true,
      }),
      pushes
        ? fact("git-push", "medium", "vcs", `Push with \`git push origin ${base}\`.`, esc(`git push origin ${base}`), {
            sessions: 3,
            repeated: true,
          })
        : fact("git-push", "medium", "vcs", "Commits stay local: the sessions never pushed.", "stay local", {
            sessions: 4,
            repeated: true,
          }),
      fact(
        "git-checked",
        "medium",
        "vcs",
        "Before committing, the tests ran and passed after the last edit.",
        "before committing, the tests",
        { sessions: 3, repeated: true },
      ),
    ],
    [
      anti(
        "git-wip",
        "A one-off work-in-progress commit is no commit style.",
        "`wip:`",
        "Commit messages start with `wip:`.",
      ),
    ],
  );
}

/** A change to the code that made the tests fail until its test file was changed, with the tests in their own folder. */
export function testLayout(ctx: ClassContext): PlantedProject {
  const { random } = ctx;
  const v = random.pick([
    {
      source: "shop/cart.py",
      test: "tests/test_cart.py",
      other: "tests/test_checkout.py",
      run: "pytest",
      failure: "FAILED tests/test_cart.py::test_total - AssertionError: assert 10 == 12\n1 failed, 14 passed in 0.8s",
    },
    {
      source: "src/cart.ts",
      test: "test/cart.test.ts",
      other: "test/checkout.test.ts",
      run: "npx vitest run",
      failure: "FAIL test/cart.test.ts > total\nAssertionError: expected 10 to be 12\nTests  1 failed | 14 passed",
    },
    {
      source: "lib/cart.rb",
      test: "spec/cart_spec.rb",
      other: "spec/checkout_spec.rb",
      run: "bundle exec rspec",
      failure: "Failures:\n  1) Cart total\n     expected: 12\n          got: 10\n15 examples, 1 failure",
    },
  ]);
  const plan = `/home/dev/.claude/plans/${random.pick(["brisk", "quiet", "amber"])}-plan.md`;
  const p = new ProjectBuilder(random, home(ctx), ctx.start);
  p.session("success", "the change broke a test's expectation; the test was updated and the suite passes", (s) => {
    s.prompt("Apply the bulk discount to the cart total");
    for (let i = 0; i < 3; i++) s.edit(plan, `step ${i}`, `step ${i + 1}`);
    s.read(v.source);
    for (let i = 0; i < 3; i++) s.edit(v.source, `rule${i}`, `discount${i}`);
    s.bash(v.run, { exit: 1, output: v.failure });
    s.read(v.test);
    s.edit(v.test, "10", "12");
    s.bash(v.run, { output: "15 passed in 0.9s" });
    thanks(s, random);
  });
  p.session("success", "a new test for the checkout, the suite passes", (s) => {
    s.prompt("Cover the checkout with a test for the empty cart");
    for (let i = 0; i < 2; i++) s.edit(plan, `note ${i}`, `note ${i + 1}`);
    s.read(v.test);
    s.edit(v.other, "# tests", "# tests\nempty cart");
    s.edit(v.source, "discount2", "discount3");
    s.bash(v.run, { output: "16 passed in 0.9s" });
    thanks(s, random);
  });
  const folder = v.test.split("/")[0]!;
  return p.planted(
    "test layout and co-changed test",
    [
      fact(
        "layout-update",
        "medium",
        "files",
        `When \`${v.source}\` changes, \`${v.test}\` has to change too (the tests failed until it did).`,
        `${esc(v.source)}.*${esc(v.test)}`,
        { sessions: 1, repeated: false },
      ),
      fact("layout-folder", "medium", "files", `Tests live in \`${folder}/\` (\`${v.other}\`).`, esc(v.other), {
        sessions: 2,
        repeated: true,
      }),
      fact("layout-test-cmd", "medium", "test", `Tests: \`${v.run}\`.`, `Tests: \`${esc(v.run)}\``, {
        sessions: 2,
        repeated: true,
      }),
    ],
    [
      anti(
        "layout-plan",
        "The agent's own plan file outside the project is no file of the project.",
        "\\.claude/plans",
        `Most of the work changes \`${plan}\`.`,
      ),
    ],
  );
}

/** An environment the agent activated on a call of its own (which reaches no later call), then chained before its runs. */
export function environmentActivation(ctx: ClassContext): PlantedProject {
  const { random } = ctx;
  const v = random.pick([
    {
      create: "python3 -m venv .venv",
      activate: "source .venv/bin/activate",
      run: "pytest",
      missing: "/bin/bash: line 1: pytest: command not found",
      version: "Python 3.12.4",
      banner: "platform linux -- Python 3.12.4, pytest-8.3.2",
    },
    {
      create: "conda create -n shop311 python=3.11 -y",
      activate: "conda activate shop311",
      run: "python -m pytest",
      missing: "/usr/bin/python: No module named pytest",
      version: "Python 3.11.9",
      banner: "platform darwin -- Python 3.11.9, pytest-8.1.1",
    },
    {
      create: "nvm install 20",
      activate: "nvm use 20",
      run: "npm test",
      missing: "npm ERR! engine Unsupported engine: wanted node >=20",
      version: "v20.11.1",
      banner: "Node.js v20.11.1",
    },
  ]);
  const chained = (cmd: string) => `${v.activate} && ${cmd}`;
  const p = new ProjectBuilder(random, home(ctx), ctx.start);
  p.session("success", "the environment was set up and the tests ran inside it", (s) => {
    s.prompt("Set up the dev environment and run the tests");
    s.bash(v.create, { output: "done" });
    s.bash(v.activate, { output: "" });
    s.bash(v.run, { exit: 127, output: v.missing });
    s.bash(chained(v.run), { exit: 1, output: `${v.banner}\nFAILED test_totals - AssertionError\n1 failed, 9 passed` });
    s.edit("src/totals.py", "round(x)", "round(x, 2)");
    s.bash(chained(v.run), { output: "10 passed" });
    thanks(s, random);
  });
  p.session("success", "tests pass", (s) => {
    s.prompt("Add the currency field to the totals");
    s.edit("src/totals.py", "total", "total, currency");
    s.bash(chained(v.run), { output: "11 passed" });
    thanks(s, random);
  });
  return p.planted(
    "environment activated in the same call",
    [
      fact(
        "env-activation",
        "high",
        "environment",
        `\`${v.activate}\` on its own does not reach the next shell call: chain it before the command.`,
        `\`${esc(v.activate)}\`[^\\n]*(?:chain|same call)`,
        { sessions: 2, repeated: true },
      ),
      fact("env-create", "medium", "environment", `The environment was created with \`${v.create}\`.`, esc(v.create), {
        sessions: 1,
        repeated: false,
      }),
      fact("env-test-cmd", "high", "test", `Run the tests with \`${chained(v.run)}\`.`, esc(chained(v.run)), {
        sessions: 2,
        repeated: true,
      }),
      fact("env-version", "low", "environment", `The runtime is ${v.version}.`, esc(v.version.replace(/^v/, "")), {
        sessions: 1,
        repeated: false,
      }),
    ],
    [
      anti(
        "env-standalone",
        "The activation on a call of its own stated as a command to run.",
        `(?:Run|Install|Setup)[^\\n]*\`${esc(v.activate)}\``,
        `Run: \`${v.activate}\``,
      ),
    ],
  );
}

/** A rule said once inside a task, as what to use instead of what, which the agent followed; and one said for the occasion. */
export function statedRule(ctx: ClassContext): PlantedProject {
  const { random } = ctx;
  const v = random.pick([
    { avoid: "axios", use: "the fetchJson wrapper in src/http.ts", file: "src/http.ts" },
    { avoid: "moment", use: "date-fns for dates", file: "src/dates.ts" },
    { avoid: "print", use: "the structlog logger from app/log.py", file: "app/log.py" },
  ]);
  const rule = random.pick([`Don't use ${v.avoid}, use ${v.use}.`, `Use ${v.use} instead of ${v.avoid}.`]);
  const occasion = random.pick([
    "Use the staging bucket rather than the prod one for now.",
    "Run the quick suite instead of the full one this time.",
  ]);
  const test = random.pick(["npm test", "pytest -q"]);
  const p = new ProjectBuilder(random, home(ctx), ctx.start);
  p.session("success", "the client was written the way the user asked", (s: SessionWriter) => {
    s.prompt(`Add a client for the rates API with a retry on timeouts. ${rule} Keep it small.`);
    s.read(v.file);
    s.edit("src/rates.ts", "// rates", "// rates client");
    passes(s, test);
    thanks(s, random);
  });
  p.session("success", "the upload works against staging", (s: SessionWriter) => {
    s.prompt(`Try the upload end to end. ${occasion}`);
    s.edit("src/upload.ts", "bucket", "bucketName");
    passes(s, test);
    thanks(s, random);
  });
  return p.planted(
    "rule stated once in a task",
    [
      fact("rule-test-cmd", "medium", "test", `Tests: \`${test}\`.`, `Tests: \`${esc(test)}\``, {
        sessions: 2,
        repeated: true,
      }),
      fact(
        "rule-stated",
        "high",
        "preference",
        `User rule: ${rule}`,
        `${esc(v.avoid)}[^\\n]*${esc(v.use.split(" ").slice(-1)[0]!)}|${esc(v.use.split(" ").slice(-1)[0]!)}[^\\n]*${esc(v.avoid)}`,
        { sessions: 1, repeated: false },
      ),
    ],
    [
      anti(
        "rule-occasion",
        "A request for the occasion quoted as a rule.",
        esc(occasion.split(" ").slice(1, 4).join(" ")),
        `> “${occasion}” — said by the user`,
        { quoted: true },
      ),
    ],
  );
}
