/**
 * Generated projects of the knowledge evaluation (docs/knowledge-eval.md#the-labelled-sets) for what a project's
 * checks say in their own output: the coverage its test command reports every run (next to a floor flag tried
 * once), a coverage flag tried once next to a plain test command (nothing to state), a lint or type-check rule fixed
 * by editing the code next to another rule silenced in the linter's configuration or by a flag, and, in a project
 * without a test runner, scripts named as tests run by hand next to a scratch script. The seed picks tools and names.
 */
import {
  anti,
  escapeRegex as esc,
  fact,
  home,
  passes,
  ProjectBuilder,
  thanks,
  type ClassContext,
  type PlantedProject,
} from "./planting";

/** A test run's output with a coverage report in each tool's words. */
type Report = (percent: number, floor?: number) => string;

const pytestCov: Report = (percent, floor) =>
  [
    "============================= test session starts ==============================",
    "---------- coverage: platform linux, python 3.12.3-final-0 ----------",
    "Name                 Stmts   Miss Branch BrPart  Cover   Missing",
    `TOTAL                  210     ${Math.round((210 * (100 - percent)) / 100)}     72      3    ${percent}%`,
    "Coverage HTML written to dir htmlcov",
    ...(floor === undefined
      ? []
      : [`FAIL Required test coverage of ${floor}% not reached. Total coverage: ${(percent - 0.4).toFixed(2)}%`]),
    "============================== 48 passed in 2.91s ==============================",
  ].join("\n");

/** Istanbul's table as jest and vitest print it after the test files: its total row first, then one row per file. */
const istanbul: Report = (percent, floor) =>
  [
    ...Array.from({ length: 12 }, (_, i) => ` ✓ src/ledger_${i}.test.ts (4 tests) 12ms`),
    "File       | % Stmts | % Branch | % Funcs | % Lines | Uncovered Line #s",
    `All files  |   ${percent} |    ${percent - 6} |     100 |   ${percent} |`,
    ...Array.from(
      { length: 24 },
      (_, i) => ` ledger_${i}.ts |   ${percent} |    ${percent - 6} |     100 |   ${percent} | 40-44`,
    ),
    ...(floor === undefined
      ? []
      : [`ERROR: Coverage for lines (${percent}%) does not meet global threshold (${floor}%)`]),
    " Test Files  6 passed (6)",
    "      Tests  48 passed (48)",
  ].join("\n");

/** A test command whose configuration collects coverage every run, the figure rising, and a floor flag tried once. */
export function coverageReported(ctx: ClassContext): PlantedProject {
  const { random } = ctx;
  const v = random.pick([
    {
      test: "pytest",
      probe: "pytest --cov-fail-under=",
      report: pytestCov,
      html: "htmlcov",
      code: "app/ledger.py",
      tests: "tests/test_ledger.py",
    },
    {
      test: "npx vitest run",
      probe: "npx vitest run --coverage.thresholds.lines=",
      report: istanbul,
      html: null,
      code: "src/ledger.ts",
      tests: "src/ledger.test.ts",
    },
    {
      test: "npm test",
      probe: "npx jest --coverage --coverageThreshold.global.lines=",
      report: istanbul,
      html: null,
      code: "src/ledger.js",
      tests: "src/ledger.test.js",
    },
  ]);
  const [first, middle, last] = random.pick([
    [71, 88, 96],
    [64, 83, 93],
    [76, 90, 98],
  ]) as [number, number, number];
  const floor = last + 1;
  const p = new ProjectBuilder(random, home(ctx), ctx.start);
  p.session("success", "tests pass, coverage rises as tests are added", (s) => {
    s.prompt("Add the monthly totals to the ledger, with tests");
    s.edit(v.code, "def totals():", "def totals(month):");
    s.bash(v.test, { output: v.report(first) });
    s.edit(v.tests, "# cases", "# cases: monthly totals");
    s.bash(v.test, { output: v.report(middle) });
    thanks(s, random);
  });
  p.session("success", "a floor tried once, tests added, the plain command passes", (s) => {
    s.prompt("Cover the remaining branches of the ledger");
    s.edit(v.tests, "# cases: monthly totals", "# cases: monthly totals, empty months");
    s.bash(`${v.probe}${floor}`, { output: v.report(last, floor) });
    s.bash(v.test, { output: v.report(last) });
    thanks(s, random);
  });
  return p.planted(
    "coverage the test command reports",
    [
      fact(
        "coverage-itself",
        "high",
        "test",
        `\`${v.test}\` reports coverage itself (no extra flags): ${last}% at the last passing run.`,
        `${esc(v.test)}\`?[^\\n]{0,40}\\bcoverage itself[^\\n]{0,80}\\b${last}%`,
        { sessions: 2, repeated: true },
      ),
      ...(v.html === null
        ? []
        : [
            fact(
              "coverage-html",
              "medium",
              "test",
              `The HTML coverage report goes to \`${v.html}/\`.`,
              `${esc(v.html)}/`,
              { sessions: 2, repeated: true },
            ),
          ]),
    ],
    [
      anti(
        "coverage-probe-floor",
        `The floor of ${floor}% was a flag tried once, which the project does not enforce.`,
        `\\b${floor}%|fail-under|thresholds?\\b`,
        `Coverage must reach ${floor}%.`,
      ),
      anti(
        "coverage-stale",
        `${first}% was the first figure, since raised: not the project's coverage.`,
        `\\b${first}%`,
        `Coverage is ${first}%.`,
      ),
    ],
  );
}

/** A plain test command that prints no coverage, next to one run that asked for it with a flag. */
export function coverageFlagOnce(ctx: ClassContext): PlantedProject {
  const { random } = ctx;
  const v = random.pick([
    {
      test: "pytest",
      flagged: "pytest --cov=app",
      output: "TOTAL 120 46 62%\n20 passed in 0.9s",
      smoke: "python test_smoke.py",
    },
    {
      test: "go test ./...",
      flagged: "go test -cover ./...",
      output: "ok  \texample.com/shop\t0.02s\tcoverage: 62.5% of statements",
      smoke: "go run ./cmd/smoke",
    },
    {
      test: "npm test",
      flagged: "npx jest --coverage",
      output: "All files |   62 |    50 |   70 |   62 |\nTests:       20 passed, 20 total",
      smoke: "node test-smoke.js",
    },
  ]);
  const p = new ProjectBuilder(random, home(ctx), ctx.start);
  p.session("success", "tests pass, a coverage flag tried once", (s) => {
    s.prompt("Fix the rounding of the invoice totals");
    s.edit("src/invoice.txt", "round(", "round_half_even(");
    passes(s, v.test);
    s.bash(v.flagged, { output: v.output });
    s.bash(v.smoke, { output: "smoke ok" });
    passes(s, v.test);
    thanks(s, random);
  });
  p.session("success", "tests pass", (s) => {
    s.prompt("Add the currency to the invoice header");
    s.edit("src/invoice.txt", "header(", "header(currency, ");
    s.bash(v.smoke, { output: "smoke ok" });
    passes(s, v.test);
    thanks(s, random);
  });
  return p.planted(
    "a coverage flag tried once",
    [
      fact("flag-test-cmd", "high", "test", `Run the tests with \`${v.test}\`.`, esc(v.test), {
        sessions: 2,
        repeated: true,
      }),
    ],
    [
      anti(
        "flag-collects",
        `\`${v.test}\` prints no coverage: the one run that did asked for it with a flag, once.`,
        "reports coverage|coverage itself|\\b62(?:\\.5)?%",
        `\`${v.test}\` reports coverage itself: 62%.`,
      ),
      anti(
        "flag-scripts",
        "The project has a test runner: a script run by hand is not its checks.",
        "scripts named as tests",
        "Its checks are scripts named as tests, run by hand.",
      ),
    ],
  );
}

/** A rule fixed by editing the code, and another rule silenced (the linter's configuration edited, or a flag). */
export function lintRuleFixed(ctx: ClassContext): PlantedProject {
  const { random } = ctx;
  const v = random.pick([
    {
      lint: "ruff check app/",
      file: "app/cart.py",
      fixed: {
        code: "B006",
        output: "app/cart.py:12:24: B006 Do not use mutable data structures for argument defaults\nFound 1 error.",
      },
      silenced: {
        code: "E501",
        output: "app/report.py:40:121: E501 Line too long (131 > 120)\nFound 1 error.",
        config: "pyproject.toml",
        flag: null,
      },
    },
    {
      lint: "npx eslint src",
      file: "src/cart.js",
      fixed: {
        code: "no-console",
        output:
          "/repo/src/cart.js\n  14:9  error  Unexpected console statement  no-console\n\n✖ 1 problem (1 error, 0 warnings)",
      },
      silenced: {
        code: "eqeqeq",
        output:
          "/repo/src/report.js\n  40:11  error  Expected '===' and instead saw '=='  eqeqeq\n\n✖ 1 problem (1 error, 0 warnings)",
        config: ".eslintrc.json",
        flag: null,
      },
    },
    {
      lint: "npx tsc --noEmit",
      file: "src/cart.ts",
      fixed: {
        code: "TS2322",
        output: "src/cart.ts(12,5): error TS2322: Type 'string' is not assignable to type 'number'.",
      },
      silenced: {
        code: "TS7006",
        output: "src/report.ts(40,18): error TS7006: Parameter 'row' implicitly has an 'any' type.",
        config: "tsconfig.json",
        flag: null,
      },
    },
    {
      lint: "flake8 app",
      file: "app/cart.py",
      fixed: { code: "F401", output: "app/cart.py:3:1: F401 'os' imported but unused" },
      silenced: {
        code: "E501",
        output: "app/report.py:40:80: E501 line too long (99 > 79 characters)",
        config: null,
        flag: "flake8 --extend-ignore E501 app",
      },
    },
  ]);
  const cwd = home(ctx);
  const p = new ProjectBuilder(random, cwd, ctx.start);
  const lintOutput = (output: string) => output.replace("/repo/", `${cwd}/`);
  p.session("success", "lint failed on a rule, the code edited, lint passed", (s) => {
    s.prompt("Add the discount line to the cart");
    s.edit(v.file, "lines = []", "lines = [discount]");
    s.bash(v.lint, { exit: 1, output: lintOutput(v.fixed.output) });
    s.read(v.file);
    s.edit(v.file, "def total(items=[]):", "def total(items=None):");
    passes(s, v.lint);
    thanks(s, random);
  });
  p.session("success", "lint failed on another rule, silenced, lint passed", (s) => {
    s.prompt("Add the report of the monthly sales");
    s.edit(v.file.replace("cart", "report"), "rows = []", "rows = sales()");
    s.bash(v.lint, { exit: 1, output: lintOutput(v.silenced.output) });
    if (v.silenced.config !== null) {
      s.edit(v.silenced.config, "[rules]", `[rules]\n${v.silenced.code} = "off"`);
      passes(s, v.lint);
    } else {
      passes(s, v.silenced.flag!);
    }
    passes(s, v.lint);
    passes(s, v.lint);
    thanks(s, random);
  });
  return p.planted(
    "lint rule fixed by an edit, another silenced",
    [
      fact("lint-cmd", "medium", "lint", `Lint with \`${v.lint}\`.`, esc(v.lint), { sessions: 2, repeated: true }),
      fact(
        "lint-rule-fix",
        "high",
        "failure-fix",
        `\`${v.fixed.code}\` was fixed by editing ${v.file}, after which the same check passed.`,
        `${esc(v.fixed.code)}[^\\n]*${esc(v.file)}`,
        { sessions: 1, repeated: false },
      ),
    ],
    [
      anti(
        "lint-silenced",
        `\`${v.silenced.code}\` was silenced (configuration or a flag), not fixed.`,
        `\\b${esc(v.silenced.code)}\\b`,
        `When the linter reports ${v.silenced.code}, what fixed it: editing ${v.silenced.config ?? "the command"}.`,
        { quoted: true },
      ),
    ],
  );
}

/** No test runner: scripts named as tests, run by hand after changes, next to the program and a scratch script. */
export function scriptChecks(ctx: ClassContext): PlantedProject {
  const { random } = ctx;
  const v = random.pick([
    { run: "python", ext: "py", program: "synth.py" },
    { run: "python3", ext: "py", program: "render_song.py" },
    { run: "node", ext: "js", program: "compose.js" },
  ]);
  const [a, b] = random.pick([
    ["test_tempo_simple", "test_no_organ"],
    ["test_scales", "test_layers_overlap"],
    ["test_quick_mix", "test_distinct_moods"],
  ]) as [string, string];
  const scratch = `try_${random.pick(["mix", "scale", "voices"])}.${v.ext}`;
  const p = new ProjectBuilder(random, home(ctx), ctx.start);
  p.session("success", "the program changed, a test script written and run", (s) => {
    s.prompt("Make the phrases overlap instead of playing one after another");
    s.edit(v.program, "play(phrase)", "play_layered(phrase)");
    s.write(`${a}.${v.ext}`, "from synth import render\nprint(render('a calm text'))\n");
    s.bash(`${v.run} ${a}.${v.ext}`, { output: "tempo 0.8 scale major layers 3" });
    s.edit(v.program, "layers = 2", "layers = 3");
    s.bash(`${v.run} ${a}.${v.ext}`, { output: "tempo 0.8 scale major layers 3" });
    thanks(s, random);
  });
  p.session("success", "a second test script, a scratch script tried once", (s) => {
    s.prompt("Different texts must sound different, fix the mapping");
    s.edit(v.program, "scale = 'minor'", "scale = pick_scale(text)");
    s.write(scratch, "print('probe')\n");
    s.bash(`${v.run} ${scratch}`, { output: "probe" });
    s.write(`${b}.${v.ext}`, "from synth import render\nprint(render('a dark text'))\n");
    s.bash(`${v.run} ${b}.${v.ext}`, { output: "timbre strings scale dorian" });
    s.bash(`${v.run} ${a}.${v.ext}`, { output: "tempo 0.8 scale major layers 3" });
    thanks(s, random);
  });
  return p.planted(
    "checks that are scripts run by hand",
    [
      fact(
        "script-check-first",
        "medium",
        "test",
        `\`${v.run} ${a}.${v.ext}\` is one of the project's checks.`,
        esc(`${a}.${v.ext}`),
        { sessions: 2, repeated: true },
      ),
      fact(
        "script-check-second",
        "high",
        "test",
        `The project has no test runner: its checks are scripts run by hand, \`${v.run} ${b}.${v.ext}\` among them.`,
        esc(`${b}.${v.ext}`),
        { sessions: 1, repeated: false },
      ),
    ],
    [
      anti(
        "script-check-runner",
        "The project has no test runner.",
        "\\bpytest\\b|\\bnpm test\\b|\\bjest\\b|\\bvitest\\b",
        "Run the tests with `pytest`.",
      ),
      anti(
        "script-check-scratch",
        `${scratch} was a probe tried once, not a check.`,
        esc(scratch),
        `Its checks are \`${v.run} ${scratch}\`.`,
      ),
    ],
  );
}
