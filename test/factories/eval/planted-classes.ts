/**
 * One generator per class of issue 43 that the knowledge evaluation plants (docs/knowledge-eval.md#generated):
 * each writes a small project whose sessions hold the signal, and the gold a senior engineer would draw from them.
 * The seed picks the tools, names and wording, so no figure can be reached by matching one string.
 */
import type { Random } from "@/lib/generate/random";
import { anti, escapeRegex as esc, fact, ProjectBuilder, thanks, type PlantedProject } from "./planting";
import type { SessionWriter } from "./session-writer";

export interface ClassContext {
  random: Random;
  /** A word unique to this project in the run, for its folder name. */
  name: string;
  /** Epoch ms of the project's first session. */
  start: number;
}

const home = (ctx: ClassContext) => `/home/${ctx.random.pick(["dev", "sam", "kim", "alex"])}/code/${ctx.name}`;

/** The i-th of a project's task prompts: each session asks something else (chance duplicates are a class of their own). */
const nth = (prompts: readonly string[], i: number) => prompts[i % prompts.length]!;

/** A command that passes, with output that says so. */
const passes = (s: SessionWriter, command: string) => s.bash(command, { output: "All checks passed.\n12 passed in 1.4s" });

/** 1. A refused tool call whose reason states a rule, once. */
export function oneOffRefusal(ctx: ClassContext): PlantedProject {
  const { random } = ctx;
  const v = random.pick([
    { wrong: "yarn install", right: "bun install", tool: "bun", reason: "not yarn — this repo uses bun" },
    { wrong: "npm install", right: "pnpm install", tool: "pnpm", reason: "no npm here, we use pnpm (there is a pnpm-lock.yaml)" },
    { wrong: "pip install -r requirements.txt", right: "uv sync", tool: "uv", reason: "don't use pip in this repo, run uv sync" },
    { wrong: "npm install", right: "yarn install", tool: "yarn", reason: "not npm, yarn only: we keep a yarn.lock" },
  ]);
  const lint = random.pick(["make lint", "make check-format", "just lint"]);
  const p = new ProjectBuilder(random, home(ctx), ctx.start);
  p.session("success", "dependency installed with the tool the user named, then the build passed", (s) => {
    s.prompt("Add the date-fns dependency and use it in the report formatter");
    s.refuseBash(v.wrong, v.reason);
    s.bash(v.right, { output: "Done in 2.1s" });
    s.edit("src/report.ts", "formatDate(d)", "format(d, 'yyyy-MM-dd')");
    passes(s, lint);
    thanks(s, random);
  });
  for (let i = 0; i < 2; i++) {
    p.session("success", "lint clean after the change", (s) => {
      s.prompt(nth(["Tidy up the report module", "Rename the helpers in utils", "Clean up the imports"], i));
      s.edit("src/utils.ts", "helper", "formatHelper");
      passes(s, lint);
      thanks(s, random);
    });
  }
  return p.planted(
    "one-off refusal reason",
    [
      fact("refusal-rule", "high", "package-manager", `Use ${v.tool}, not ${v.wrong.split(" ")[0]}: the user refused \`${v.wrong}\` saying "${v.reason}".`, `\\b${esc(v.tool)}\\b`, { sessions: 1, repeated: false }),
      fact("refusal-lint", "medium", "lint", `Lint with \`${lint}\`.`, esc(lint), { sessions: 3, repeated: true }),
    ],
    [anti("refusal-wrong-tool", "The refused command stated as the way to install.", `\\b${esc(v.wrong)}`, `Install: \`${v.wrong}\``)],
  );
}

/** 2. A deploy that failed once, and the change that fixed it. */
export function deployFix(ctx: ClassContext): PlantedProject {
  const { random } = ctx;
  const v = random.pick([
    { deploy: "vercel deploy --prod", error: 'Error: No Output Directory named "public" found after the Build completed.', file: "vercel.json", from: '"outputDirectory": "public"', to: '"outputDirectory": "dist"' },
    { deploy: "netlify deploy --prod", error: "Error: Deploy did not succeed: Deploy directory 'build' does not exist", file: "netlify.toml", from: 'publish = "build"', to: 'publish = "dist"' },
    { deploy: "fly deploy", error: "Error: failed to fetch an image or build from source: dockerfile 'Dockerfile.prod' not found", file: "fly.toml", from: 'dockerfile = "Dockerfile.prod"', to: 'dockerfile = "Dockerfile"' },
    { deploy: "docker compose up -d --build", error: 'failed to solve: failed to compute cache key: "/dist" not found', file: "Dockerfile", from: "COPY dist /app/dist", to: "RUN npm run build" },
  ]);
  const p = new ProjectBuilder(random, home(ctx), ctx.start);
  p.session("success", "deploy failed, the config was fixed, the deploy succeeded", (s) => {
    s.prompt("Deploy the latest changes to production");
    s.bash(v.deploy, { exit: 1, output: v.error });
    s.read(v.file);
    s.edit(v.file, v.from, v.to);
    s.bash(v.deploy, { output: "Deployment complete. Production: https://example.invalid" });
    thanks(s, random);
  });
  p.session("success", "a content change, deployed", (s) => {
    s.prompt("Fix the typo on the pricing page and ship it");
    s.edit("src/pages/pricing.tsx", "Prcing", "Pricing");
    s.bash(v.deploy, { output: "Deployment complete." });
    thanks(s, random);
  });
  return p.planted(
    "deploy fix after a failure",
    [
      fact("deploy-cmd", "high", "deploy", `Deploy with \`${v.deploy}\`.`, esc(v.deploy), { sessions: 2, repeated: true }),
      fact("deploy-fix", "high", "failure-fix", `\`${v.deploy}\` failed with "${v.error}"; the fix that worked was changing ${v.file} (${v.from} → ${v.to}).`, esc(v.file), { sessions: 1, repeated: false }),
    ],
    [],
  );
}

/** 3. A file that was a hot spot, then deleted or moved by a later session. */
export function deletedFile(ctx: ClassContext): PlantedProject {
  const { random } = ctx;
  const stem = random.pick(["legacy-auth", "old-billing", "v1-router", "compat-shim"]);
  const file = `src/${stem}.ts`;
  const how = random.pick(["git rm", "rm", "git mv"] as const);
  const moved = `packages/core/src/${stem.replace(/^(legacy|old|v1|compat)-/, "")}.ts`;
  const test = random.pick(["npm test", "pnpm test", "yarn test"]);
  const p = new ProjectBuilder(random, home(ctx), ctx.start);
  for (let i = 0; i < 2; i++) {
    p.session("success", "edited the file, tests pass", (s) => {
      s.prompt(nth(["Fix the session expiry bug", "Handle the empty token case", "Add logging around the refresh"], i));
      s.edit(file, `step${i}`, `step${i + 1}`);
      s.edit(file, `log${i}`, `logger${i}`);
      passes(s, test);
      thanks(s, random);
    });
  }
  p.session("success", "the file was removed and the removal committed", (s) => {
    s.prompt(how === "git mv" ? `Move ${file} into packages/core` : `${file} is dead code now, remove it`);
    s.bash(how === "git mv" ? `git mv ${file} ${moved}` : how === "rm" ? `rm ${file}` : `git rm ${file}`, { output: how === "git rm" ? `rm '${file}'` : "" });
    passes(s, test);
    s.bash(`git commit -am "${how === "git mv" ? "Move" : "Remove"} ${stem}"`, { output: "[main 1a2b3c4] done\n 1 file changed" });
    thanks(s, random);
  });
  const current = how === "git mv" ? moved : null;
  return p.planted(
    "deleted file",
    [
      fact("deleted-test", "medium", "test", `Run the tests with \`${test}\`.`, esc(test), { sessions: 3, repeated: true }),
      ...(current ? [fact("deleted-moved", "medium", "files", `${stem} now lives at \`${current}\`.`, esc(current), { sessions: 1, repeated: false })] : []),
    ],
    [anti("deleted-hot-spot", `${file} was ${how === "git mv" ? "moved" : "deleted"} by the latest session: it is no hot spot any more.`, `^(?!.*\\b(?:deleted|moved)\\b).*\\b${esc(`${stem}.ts`)}`, `\`${file}\` is a hot spot: modified in 2 sessions.`)],
  );
}

/** 4. A tool adopted in later sessions, replacing the one the earlier sessions ran. */
export function toolAddedLater(ctx: ClassContext): PlantedProject {
  const { random } = ctx;
  const v = random.pick([
    { old: "npx eslint .", oldTool: "eslint", install: "npm i -D @biomejs/biome", now: "npx biome check ." },
    { old: "flake8 .", oldTool: "flake8", install: "uv add --dev ruff", now: "ruff check ." },
    { old: "mypy src", oldTool: "mypy", install: "uv add --dev pyright", now: "pyright src" },
    { old: "npx jest", oldTool: "jest", install: "npm i -D vitest", now: "npx vitest run" },
  ]);
  const p = new ProjectBuilder(random, home(ctx), ctx.start);
  for (let i = 0; i < 2; i++) {
    p.session("success", "checks pass", (s) => {
      s.prompt(nth(["Clean up the parser", "Add the missing return types", "Split the big module"], i));
      s.edit(`src/parser${i}.ts`, "a", "b");
      passes(s, v.old);
      passes(s, v.old);
      thanks(s, random);
    });
  }
  p.session("success", "the new tool installed and configured, old config removed, checks pass", (s) => {
    s.prompt(`Replace ${v.oldTool} with the new tool and remove its config`);
    s.bash(v.install, { output: "added 1 package" });
    s.bash(`git rm .${v.oldTool}rc`, { output: `rm '.${v.oldTool}rc'` });
    passes(s, v.now);
    thanks(s, random);
  });
  p.session("success", "checks pass with the new tool", (s) => {
    s.prompt("Fix the warnings in the cli module");
    s.edit("src/cli.ts", "x", "y");
    passes(s, v.now);
    passes(s, v.now);
    thanks(s, random);
  });
  return p.planted(
    "tool added later",
    [fact("later-tool", "high", "lint", `Check with \`${v.now}\`; ${v.oldTool} is no longer used.`, esc(v.now), { sessions: 2, repeated: true })],
    [anti("later-stale-tool", `${v.oldTool} was replaced by the latest sessions.`, `\\b${esc(v.oldTool)}\\b`, `Lint: \`${v.old}\` — ran 4 times.`)],
  );
}

/** 5. A workaround that ran after a failure, next to the real fix (an edit, then the same command passing). */
export function workaroundNextToFix(ctx: ClassContext): PlantedProject {
  const { random } = ctx;
  const v = random.pick([
    { test: "npm test", error: "TypeError: Cannot read properties of undefined (reading 'split')", workaround: `node -e "require('./dist/parse.js')"`, wtool: "node -e", file: "src/parse.ts" },
    { test: "pytest", error: "AttributeError: 'NoneType' object has no attribute 'split'", workaround: `python -c "import app.parse"`, wtool: "python -c", file: "app/parse.py" },
    { test: "go test ./...", error: "panic: runtime error: invalid memory address or nil pointer dereference", workaround: "go run ./cmd/smoke", wtool: "go run", file: "internal/parse/parse.go" },
    { test: "cargo test", error: "thread 'parse::tests::empty' panicked at src/parse.rs:41:9", workaround: "cargo run --example smoke", wtool: "cargo run", file: "src/parse.rs" },
  ]);
  const p = new ProjectBuilder(random, home(ctx), ctx.start);
  p.session("success", "test failed, a workaround ran, the real fix (edit) made the tests pass", (s) => {
    s.prompt("The parser crashes on empty input, fix it");
    s.bash(v.test, { exit: 1, output: `FAIL parse empty input\n${v.error}` });
    s.bash(v.workaround, { output: "ok" });
    s.read(v.file);
    s.edit(v.file, "input.split(", "(input ?? '').split(");
    passes(s, v.test);
    thanks(s, random);
  });
  p.session("success", "tests pass", (s) => {
    s.prompt("Add a test for whitespace-only input");
    s.edit(v.file.replace(/(\.\w+)$/, "_test$1"), "// cases", "// cases: whitespace");
    passes(s, v.test);
    thanks(s, random);
  });
  return p.planted(
    "workaround next to a real fix",
    [
      fact("fix-test-cmd", "high", "test", `Run the tests with \`${v.test}\`.`, esc(v.test), { sessions: 2, repeated: true }),
      fact("fix-real", "medium", "failure-fix", `The empty-input crash ("${v.error}") was fixed by an edit to ${v.file}, after which \`${v.test}\` passed.`, esc(v.file), { sessions: 1, repeated: false }),
    ],
    [anti("fix-workaround", `\`${v.workaround}\` ran after the failure but fixed nothing.`, esc(v.wtool), `When \`${v.test}\` fails, \`${v.workaround}\` worked.`)],
  );
}

/** 6. A single test file run by absolute path, more often than the project's command. */
export function adHocRun(ctx: ClassContext): PlantedProject {
  const { random } = ctx;
  const v = random.pick([
    { cmd: "npx vitest run", file: "src/money.test.ts" },
    { cmd: "bun test", file: "src/money.test.ts" },
    { cmd: "cargo nextest run", file: "tests/money.rs" },
    { cmd: "uv run pytest", file: "tests/test_money.py" },
  ]);
  const cwd = home(ctx);
  const p = new ProjectBuilder(random, cwd, ctx.start);
  p.session("success", "iterated on one test file, then the whole suite passed", (s) => {
    s.prompt("Rounding is off by a cent in the invoice totals, fix it");
    s.bash(`${v.cmd} ${cwd}/${v.file}`, { exit: 1, output: "1 failed: expected 10.05, got 10.04" });
    s.edit("src/money.ts", "Math.floor", "Math.round");
    s.bash(`${v.cmd} ${cwd}/${v.file}`, { output: "1 passed" });
    s.bash(`${v.cmd} ${cwd}/${v.file}`, { output: "1 passed" });
    passes(s, v.cmd);
    thanks(s, random);
  });
  p.session("success", "the suite passes", (s) => {
    s.prompt("Add the currency code to the invoice header");
    s.edit("src/invoice.ts", "header", "header + code");
    passes(s, v.cmd);
    thanks(s, random);
  });
  return p.planted(
    "ad-hoc single-file run by absolute path",
    [fact("adhoc-project-cmd", "high", "test", `Run the tests with \`${v.cmd}\` from the project root.`, `${esc(v.cmd)}(?!\\s+/)`, { sessions: 2, repeated: true })],
    [anti("adhoc-abs-path", "An author-machine absolute path: a one-off run of a single file, not the project's command.", esc(`${cwd}/`), `Tests: \`${v.cmd} ${cwd}/${v.file}\``)],
  );
}

/** 7. A prompt sent twice because the user rewound the conversation: one remark, not a standing preference. */
export function rewoundPrompt(ctx: ClassContext): PlantedProject {
  const { random } = ctx;
  const remark = random.pick([
    { text: "Retry the upload three times before giving up, just for this import job", key: "three times before giving up" },
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
    [anti("rewind-preference", "A one-off request, duplicated by a rewind, quoted as a standing preference.", esc(remark.key), remark.text, { quoted: true })],
  );
}

/** 8. The same short task prompt in two sessions by chance: a task, not a preference. */
export function chanceDuplicatePrompts(ctx: ClassContext): PlantedProject {
  const { random } = ctx;
  const task = random.pick(["Update the changelog for the release", "Fix the failing lint", "Bump the dependencies", "Regenerate the API client"]);
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
    [anti("dup-preference", "The same task asked in two sessions by chance, quoted as a preference.", esc(task), `> “${task}” — said by the user in 2 sessions`, { quoted: true })],
  );
}

/** 9. Sessions whose main transcript is empty and whose work is in sub-agents' transcripts. */
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
  return p.planted("empty main transcript with sub-agent files", [fact("subagent-check", "high", "test", `Run the checks with \`${check}\`.`, esc(check), { sessions: 2, repeated: true })], []);
}

/** 10. An explicit correction of the agent's approach, said once. */
export function explicitCorrection(ctx: ClassContext): PlantedProject {
  const { random } = ctx;
  const v = random.pick([
    { wrong: "vi.useFakeTimers(); vi.setSystemTime(0)", correction: "don't mock the clock by hand, use the fakeClock helper in test/support/clock.ts", key: "test/support/clock.ts", file: "src/expiry.test.ts" },
    { wrong: "jest.mock('../db')", correction: "no mocking the database here: use the testDb fixture from tests/fixtures/db.ts", key: "tests/fixtures/db.ts", file: "src/orders.test.ts" },
    { wrong: "monkeypatch.setattr(requests, 'get', fake_get)", correction: "stop patching requests, we record HTTP with the vcr cassettes in tests/cassettes", key: "tests/cassettes", file: "tests/test_sync.py" },
  ]);
  const test = random.pick(["npm test", "pytest -q", "yarn test"]);
  const p = new ProjectBuilder(random, home(ctx), ctx.start);
  p.session("success", "the user corrected the approach; the test was rewritten their way and passes", (s) => {
    s.prompt("Add a test for the expiry edge case");
    s.edit(v.file, "// tests", `// tests\n${v.wrong}`);
    s.prompt(v.correction);
    s.edit(v.file, v.wrong, `// uses ${v.key}`);
    passes(s, test);
    thanks(s, random);
  });
  p.session("success", "tests pass", (s) => {
    s.prompt("Rename the expiry constants");
    s.edit("src/constants.ts", "EXP", "EXPIRY");
    passes(s, test);
    thanks(s, random);
  });
  return p.planted(
    "explicit user correction",
    [
      fact("correction-rule", "high", "preference", `User correction: ${v.correction}.`, esc(v.key), { sessions: 1, repeated: false }),
      fact("correction-test", "medium", "test", `Run the tests with \`${test}\`.`, esc(test), { sessions: 2, repeated: true }),
    ],
    [anti("correction-wrong", "The approach the user corrected, stated as the way.", esc(v.wrong.split("(")[0]!), `Tests use \`${v.wrong}\`.`)],
  );
}

/** 11. Two projects whose working directories end in the same generic folder name ("app", "src", …). */
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
      fact(`${id}-own-cmd`, "high", "test", `Run the tests with \`${own}\`.`, esc(own), { sessions: 2, repeated: true }),
      fact(`${id}-name`, "low", "project", `The project is ${parent} (its folder "${generic}" is a generic name).`, `\\b${esc(parent)}\\b`, { sessions: 2, repeated: true }),
    ];
    return p.planted("generic cwd folder name", facts, [
      anti(`${id}-leak`, `Another project's command: a generic folder name must not merge two projects.`, esc(other), `Tests: \`${other}\``),
    ]);
  };
  return [planted(`${ctx.name}-shop`, a, b, "generic-a"), planted(`${ctx.name}-blog`, b, a, "generic-b")];
}
