import { describe, expect, it } from "vitest";
import { operationMaker } from "@/test/factories/knowledge";
import { mineCommands } from "./commands";
import type { CommandItem, KnowledgeOperation, KnowledgeSession } from "./contract";
import { mineKnowledge } from "./mine";
import { itemLine } from "./wording";

const DAY = 86_400_000;
const op = operationMaker();
const pass = (command: string, output = "ok") => op("Bash", { command, output });
const fail = (command: string, output: string) => op("Bash", { command, isError: true, output });
const edit = (file: string) => op("Edit", { file });
const session = (id: number, operations: KnowledgeOperation[]): KnowledgeSession => ({
  id,
  startedAt: 1_760_000_000_000 + id * DAY,
  operations: operations.map((o, i) => ({ ...o, at: 1_760_000_000_000 + id * DAY + i * 1000 })),
  prompts: [],
});
const ofPurpose = (items: CommandItem[], purpose: string) => items.filter((i) => i.purpose === purpose);
/** The commands the project's knowledge keeps, after a newer tool retired an older one (lib/knowledge/mine.ts). */
const commandsKnown = (sessions: KnowledgeSession[]) =>
  mineKnowledge(sessions).filter((i): i is CommandItem => i.kind === "command");
const lines = (items: CommandItem[]) => items.map((i) => itemLine(i) ?? "").join("\n");

const ROOT = "/home/ana/code/ledger";

describe("mineCommands: the project's command is the family", () => {
  it("shows the whole-suite run, with a one-file run by absolute path as a variant relative to the root", () => {
    const items = mineCommands([
      session(1, [
        edit(`${ROOT}/src/money.py`),
        fail(`uv run pytest ${ROOT}/tests/test_money.py`, "1 failed: expected 10.05, got 10.04"),
        pass(`uv run pytest ${ROOT}/tests/test_money.py`, "1 passed"),
        pass(`uv run pytest ${ROOT}/tests/test_money.py`, "1 passed"),
        pass("uv run pytest", "42 passed"),
      ]),
      session(2, [edit(`${ROOT}/src/invoice.py`), pass("uv run pytest", "43 passed")]),
    ]);
    const [test] = ofPurpose(items, "test");
    expect(test).toMatchObject({
      canonical: "uv run pytest",
      example: "uv run pytest",
      variants: ["uv run pytest tests/test_money.py"],
      failedVariants: [],
    });
    expect(lines(items)).not.toContain("/home/ana");
  });

  it("names the family when every run targeted one file, never the author's path", () => {
    const items = mineCommands([
      session(1, [
        edit(`${ROOT}/src/money.rs`),
        pass(`cargo nextest run ${ROOT}/tests/money.rs`),
        pass(`cargo nextest run ${ROOT}/tests/money.rs`),
      ]),
    ]);
    expect(ofPurpose(items, "test")[0]).toMatchObject({
      example: "cargo nextest run",
      variants: ["cargo nextest run tests/money.rs"],
    });
  });

  it("keeps useful selectors (markers, names, folders by role) as variants, most used first, then the latest", () => {
    const runs = [
      "pytest",
      "pytest",
      "pytest -m 'not slow'",
      "pytest -m 'not slow'",
      "pytest -k parse",
      "pytest tests/unit",
    ];
    const [test] = mineCommands([
      session(
        1,
        runs.map((c) => pass(c)),
      ),
    ]);
    expect(test).toMatchObject({
      example: "pytest",
      variants: ["pytest -m 'not slow'", "pytest tests/unit", "pytest -k parse"],
    });
  });

  it("keeps no flag tried once as a variant (a probe), while a selector or a flag used again is one", () => {
    const runs = [
      "pytest",
      "pytest",
      "pytest",
      "pytest --cov-fail-under=99",
      "pytest -x",
      "pytest -x",
      "pytest -k parse",
    ];
    const [test] = mineCommands([
      session(
        1,
        runs.map((c) => pass(c)),
      ),
    ]);
    expect(test).toMatchObject({ example: "pytest", variants: ["pytest -x", "pytest -k parse"] });
  });

  it("shows no script the agent wrote and ran within one session as the project's program, unless the user named it", () => {
    const write = (file: string) => op("Write", { file });
    const tried = session(1, [
      write(`${ROOT}/try_mix.py`),
      fail("python try_mix.py", "NameError: name 'x' is not defined"),
      edit(`${ROOT}/try_mix.py`),
      pass("python try_mix.py"),
      pass("python try_mix.py"),
    ]);
    expect(ofPurpose(mineCommands([tried]), "run")).toEqual([]);
    const named = { ...tried, prompts: [{ text: "python try_mix.py", at: null, after: null }] };
    expect(ofPurpose(mineCommands([named]), "run").map((i) => i.example)).toEqual(["python try_mix.py"]);
    const existing = session(2, [pass("python ai_music.py"), pass("python ai_music.py")]);
    expect(ofPurpose(mineCommands([existing]), "run").map((i) => itemLine(i))).toEqual([
      expect.stringMatching(/^Run: `python ai_music\.py` — ran 2 times/),
    ]);
    const again = session(3, [write(`${ROOT}/try_mix.py`), pass("python try_mix.py")]);
    expect(ofPurpose(mineCommands([tried, again]), "run").map((i) => i.example)).toEqual(["python try_mix.py"]);
  });

  it("takes the project's own command-line program, named like its folder, from one run that passed", () => {
    const cli = session(1, [
      pass(`cd ${ROOT}`),
      pass("(source .venv/bin/activate && ledger --help)"),
      pass("python -m ledger_tools"),
    ]);
    expect(ofPurpose(mineCommands([cli]), "run").map((i) => i.example)).toEqual([
      "(source .venv/bin/activate && ledger --help)",
    ]);
    const other = session(2, [pass(`cd /home/ana/code/other`), pass("(source .venv/bin/activate && ledger --help)")]);
    expect(ofPurpose(mineCommands([other]), "run")).toEqual([]);
    const generic = session(3, [pass(`cd /home/ana/code/app`), pass("app --help"), pass("docker compose run app")]);
    expect(ofPurpose(mineCommands([generic]), "run")).toEqual([]);
  });

  it("drops a path that lies outside what is known of the project", () => {
    const [test] = mineCommands([
      session(1, [pass("pytest /opt/elsewhere/check.py"), pass("pytest /opt/elsewhere/check.py"), pass("pytest")]),
    ]);
    expect(test).toMatchObject({ example: "pytest" });
    expect(test!.variants).toBeUndefined();
  });

  it("leaves out a leading cd into the project's root", () => {
    const [test] = mineCommands([
      session(1, [pass(`cd ${ROOT} && npm test`), pass(`cd ${ROOT} && npm test`), pass(`cd ${ROOT}`)]),
    ]);
    expect(test).toMatchObject({ example: "npm test" });
  });
});

describe("mineCommands: red tests are not a wrong form", () => {
  it("never lists a run whose tests failed as 'Failed instead'", () => {
    const items = mineCommands([
      session(1, [
        fail("bun test --only-failures", " 3 pass\n 1 fail\nerror: expect(received).toBe(expected)"),
        fail("bun test src/money.test.ts", "(fail) rounds half up [0.12ms]\n 0 pass\n 1 fail"),
        pass("bun test"),
        pass("bun test"),
      ]),
    ]);
    const [test] = ofPurpose(items, "test");
    expect(test!.failedVariants).toEqual([]);
    expect(lines(items)).not.toContain("Failed instead");
  });

  it("lists a form that failed to run where another form of the purpose ran", () => {
    const items = mineCommands([
      session(1, [
        fail("cargo nextest run", "error: no such command: `nextest`"),
        fail("cargo test --lib", "test result: FAILED. 3 passed; 1 failed"),
        pass("cargo test --lib"),
        pass("cargo test"),
      ]),
    ]);
    const [test] = ofPurpose(items, "test");
    expect(test!.failedVariants).toEqual([
      { command: "cargo nextest run", signature: expect.stringContaining("no such command") },
    ]);
  });
});

describe("mineCommands: evidence", () => {
  it("is enough with several passing runs in one session, or one pass right after the same form failed", () => {
    expect(
      mineCommands([session(1, [pass("npx biome check ."), pass("npx biome check .")])]).map((i) => i.example),
    ).toEqual(["npx biome check ."]);
    const recovery = [
      fail("uv run mypy src", "src/a.py:3: error: Incompatible types\nFound 1 error in 1 file"),
      edit(`${ROOT}/src/a.py`),
      pass("uv run mypy src"),
    ];
    expect(mineCommands([session(1, recovery)]).map((i) => `${i.purpose} ${i.example}`)).toEqual([
      "typecheck uv run mypy src",
    ]);
  });

  it("counts a run whose tests were red as a run of the form", () => {
    const items = mineCommands([
      session(1, [pass("pnpm vitest run")]),
      session(2, [fail("pnpm vitest run", "Tests  2 failed | 10 passed")]),
    ]);
    expect(items.map((i) => `${i.purpose} ${i.example} ${i.failedVariants.length}`)).toEqual([
      "test pnpm vitest run 0",
    ]);
  });

  it("is enough with one install that made a failing command pass, and not with one that changed nothing", () => {
    const fixed = session(1, [
      fail("python app.py", "ModuleNotFoundError: No module named 'torch'"),
      pass("pip install -r requirements.txt"),
      pass("python app.py"),
    ]);
    expect(mineCommands([fixed]).map((i) => `${i.purpose} ${i.example}`)).toContain(
      "install pip install -r requirements.txt",
    );
    const idle = session(2, [
      pass("pip install -r requirements.txt"),
      fail("python app.py", "ModuleNotFoundError: No module named 'torch'"),
    ]);
    expect(mineCommands([idle])).toEqual([]);
  });

  it("is not enough with one passing run alone", () => {
    expect(mineCommands([session(1, [pass("ruff check .")]), session(2, [pass("git status")])])).toEqual([]);
  });

  it("learns a program the tables do not know as a command to run", () => {
    const [run] = mineCommands([session(1, [pass("alembic upgrade head"), pass("alembic upgrade head")])]);
    expect(run).toMatchObject({ purpose: "run", canonical: "alembic upgrade", example: "alembic upgrade head" });
  });

  it("leaves out a tool another of the same purpose and language replaced in later sessions", () => {
    const items = commandsKnown([
      session(1, [pass("npx jest"), pass("npx jest")]),
      session(2, [pass("npx jest"), pass("npx jest")]),
      session(3, [pass("npm i -D vitest"), pass("npx vitest run")]),
      session(4, [pass("npx vitest run"), pass("npx vitest run")]),
    ]);
    expect(ofPurpose(items, "test").map((i) => i.example)).toEqual(["npx vitest run"]);
  });

  it("keeps a tool of another language that ran only in earlier sessions", () => {
    const items = commandsKnown([
      session(1, [pass("uv run pytest"), pass("uv run pytest")]),
      session(2, [pass("npm test"), pass("npm test")]),
    ]);
    expect(
      ofPurpose(items, "test")
        .map((i) => i.example)
        .sort(),
    ).toEqual(["npm test", "uv run pytest"]);
  });

  it("keeps two tools of one purpose that keep running side by side", () => {
    const both = (id: number) => session(id, [pass("pytest"), pass("pytest"), pass("npm test"), pass("npm test")]);
    expect(
      ofPurpose(commandsKnown([both(1), both(2)]), "test")
        .map((i) => i.example)
        .sort(),
    ).toEqual(["npm test", "pytest"]);
  });
});

describe("mineCommands: version control", () => {
  it("drops what every repository does, and keeps a workflow particular to the project", () => {
    const s = (id: number) =>
      session(id, [
        pass("git status"),
        pass("git add -A"),
        pass('git commit -m "feat: x"'),
        pass("git checkout -b feature/x"),
        pass("git push origin main"),
        pass("git worktree add ../wt-x -b x"),
        pass("git merge --no-ff feature/x"),
      ]);
    expect(
      ofPurpose(mineCommands([s(1), s(2)]), "vcs")
        .map((i) => i.example)
        .sort(),
    ).toEqual(["git merge --no-ff", "git worktree"]);
  });
});

describe("mineCommands: deploy", () => {
  it("learns a deploy command, with the form that failed to run", () => {
    const items = mineCommands([
      session(1, [fail("fly deploy", "fly: command not found"), pass("flyctl deploy"), pass("flyctl deploy")]),
    ]);
    expect(items).toEqual([
      expect.objectContaining({
        purpose: "deploy",
        example: "flyctl deploy",
        failedVariants: [{ command: "fly deploy", signature: expect.any(String) }],
      }),
    ]);
    expect(lines(items)).toMatch(/^Deploy: `flyctl deploy`/);
  });
});
