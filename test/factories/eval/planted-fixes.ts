/**
 * Generated projects of the knowledge evaluation (docs/knowledge-eval.md#the-labelled-sets) whose signal is said or
 * shown once: a refusal's reason, a failed deploy and the change that fixed it, a workaround beside the real fix,
 * an ad-hoc run beside the project's command, a user's correction. The seed picks the tools, names and wording.
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

/** A refused tool call whose reason states a rule, once. */
export function oneOffRefusal(ctx: ClassContext): PlantedProject {
  const { random } = ctx;
  const v = random.pick([
    { wrong: "yarn install", right: "bun install", tool: "bun", reason: "not yarn — this repo uses bun" },
    {
      wrong: "npm install",
      right: "pnpm install",
      tool: "pnpm",
      reason: "no npm here, we use pnpm (there is a pnpm-lock.yaml)",
    },
    {
      wrong: "pip install -r requirements.txt",
      right: "uv sync",
      tool: "uv",
      reason: "don't use pip in this repo, run uv sync",
    },
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
      fact(
        "refusal-rule",
        "high",
        "package-manager",
        `Use ${v.tool}, not ${v.wrong.split(" ")[0]}: the user refused \`${v.wrong}\` saying "${v.reason}".`,
        `\\b${esc(v.tool)}\\b`,
        { sessions: 1, repeated: false },
      ),
      fact("refusal-lint", "medium", "lint", `Lint with \`${lint}\`.`, esc(lint), { sessions: 3, repeated: true }),
    ],
    [
      anti(
        "refusal-wrong-tool",
        "The refused command stated as the way to install.",
        `\\b${esc(v.wrong)}`,
        `Install: \`${v.wrong}\``,
      ),
    ],
  );
}

/** A deploy that failed once, and the change that fixed it. */
export function deployFix(ctx: ClassContext): PlantedProject {
  const { random } = ctx;
  const v = random.pick([
    {
      deploy: "vercel deploy --prod",
      error: 'Error: No Output Directory named "public" found after the Build completed.',
      file: "vercel.json",
      from: '"outputDirectory": "public"',
      to: '"outputDirectory": "dist"',
    },
    {
      deploy: "netlify deploy --prod",
      error: "Error: Deploy did not succeed: Deploy directory 'build' does not exist",
      file: "netlify.toml",
      from: 'publish = "build"',
      to: 'publish = "dist"',
    },
    {
      deploy: "fly deploy",
      error: "Error: failed to fetch an image or build from source: dockerfile 'Dockerfile.prod' not found",
      file: "fly.toml",
      from: 'dockerfile = "Dockerfile.prod"',
      to: 'dockerfile = "Dockerfile"',
    },
    {
      deploy: "docker compose up -d --build",
      error: 'failed to solve: failed to compute cache key: "/dist" not found',
      file: "Dockerfile",
      from: "COPY dist /app/dist",
      to: "RUN npm run build",
    },
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
      fact("deploy-cmd", "high", "deploy", `Deploy with \`${v.deploy}\`.`, esc(v.deploy), {
        sessions: 2,
        repeated: true,
      }),
      fact(
        "deploy-fix",
        "high",
        "failure-fix",
        `\`${v.deploy}\` failed with "${v.error}"; the fix that worked was changing ${v.file} (${v.from} → ${v.to}).`,
        esc(v.file),
        { sessions: 1, repeated: false },
      ),
    ],
    [],
  );
}

/** A workaround that ran after a failure, next to the real fix (an edit, then the same command passing). */
export function workaroundNextToFix(ctx: ClassContext): PlantedProject {
  const { random } = ctx;
  const v = random.pick([
    {
      test: "npm test",
      error: "TypeError: Cannot read properties of undefined (reading 'split')",
      workaround: `node -e "require('./dist/parse.js')"`,
      wtool: "node -e",
      file: "src/parse.ts",
    },
    {
      test: "pytest",
      error: "AttributeError: 'NoneType' object has no attribute 'split'",
      workaround: `python -c "import app.parse"`,
      wtool: "python -c",
      file: "app/parse.py",
    },
    {
      test: "go test ./...",
      error: "panic: runtime error: invalid memory address or nil pointer dereference",
      workaround: "go run ./cmd/smoke",
      wtool: "go run",
      file: "internal/parse/parse.go",
    },
    {
      test: "cargo test",
      error: "thread 'parse::tests::empty' panicked at src/parse.rs:41:9",
      workaround: "cargo run --example smoke",
      wtool: "cargo run",
      file: "src/parse.rs",
    },
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
      fact("fix-test-cmd", "high", "test", `Run the tests with \`${v.test}\`.`, esc(v.test), {
        sessions: 2,
        repeated: true,
      }),
      fact(
        "fix-real",
        "medium",
        "failure-fix",
        `The empty-input crash ("${v.error}") was fixed by an edit to ${v.file}, after which \`${v.test}\` passed.`,
        esc(v.file),
        { sessions: 1, repeated: false },
      ),
    ],
    [
      anti(
        "fix-workaround",
        `\`${v.workaround}\` ran after the failure but fixed nothing.`,
        esc(v.wtool),
        `When \`${v.test}\` fails, \`${v.workaround}\` worked.`,
      ),
    ],
  );
}

/** A single test file run by absolute path, more often than the project's command. */
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
    [
      fact(
        "adhoc-project-cmd",
        "high",
        "test",
        `Run the tests with \`${v.cmd}\` from the project root.`,
        `${esc(v.cmd)}(?!\\s+/)`,
        { sessions: 2, repeated: true },
      ),
    ],
    [
      anti(
        "adhoc-abs-path",
        "An author-machine absolute path: a one-off run of a single file, not the project's command.",
        esc(`${cwd}/`),
        `Tests: \`${v.cmd} ${cwd}/${v.file}\``,
      ),
    ],
  );
}

/** An explicit correction of the agent's approach, said once. */
export function explicitCorrection(ctx: ClassContext): PlantedProject {
  const { random } = ctx;
  const v = random.pick([
    {
      wrong: "vi.useFakeTimers(); vi.setSystemTime(0)",
      correction: "don't mock the clock by hand, use the fakeClock helper in test/support/clock.ts",
      key: "test/support/clock.ts",
      file: "src/expiry.test.ts",
    },
    {
      wrong: "jest.mock('../db')",
      correction: "no mocking the database here: use the testDb fixture from tests/fixtures/db.ts",
      key: "tests/fixtures/db.ts",
      file: "src/orders.test.ts",
    },
    {
      wrong: "monkeypatch.setattr(requests, 'get', fake_get)",
      correction: "stop patching requests, we record HTTP with the vcr cassettes in tests/cassettes",
      key: "tests/cassettes",
      file: "tests/test_sync.py",
    },
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
      fact("correction-rule", "high", "preference", `User correction: ${v.correction}.`, esc(v.key), {
        sessions: 1,
        repeated: false,
      }),
      fact("correction-test", "medium", "test", `Run the tests with \`${test}\`.`, esc(test), {
        sessions: 2,
        repeated: true,
      }),
    ],
    [
      anti(
        "correction-wrong",
        "The approach the user corrected, stated as the way.",
        esc(v.wrong.split("(")[0]!),
        `Tests use \`${v.wrong}\`.`,
      ),
    ],
  );
}
