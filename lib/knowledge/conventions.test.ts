import { describe, expect, it } from "vitest";
import { operationMaker } from "../../test/factories/knowledge";
import type { ConventionFact, KnowledgeOperation, KnowledgePrompt, KnowledgeSession } from "./contract";
import { mineConventions } from "./conventions";
import { mineKnowledge } from "./mine";
import { itemLine } from "./wording";

const ROOT = "/home/ada/shop";
const DAY = 86_400_000;
const session = (
  id: number,
  build: (op: ReturnType<typeof operationMaker>) => KnowledgeOperation[],
  prompts: KnowledgePrompt[] = [],
): KnowledgeSession => {
  const op = operationMaker((n) => id * DAY + n * 1_000);
  return { id, startedAt: id * DAY, operations: build(op), prompts };
};
const bash = (op: ReturnType<typeof operationMaker>, command: string, o: Partial<KnowledgeOperation> = {}) =>
  op("Bash", { command, ...o });
const edit = (op: ReturnType<typeof operationMaker>, file: string) => op("Edit", { file: `${ROOT}/${file}` });
const read = (op: ReturnType<typeof operationMaker>, file: string) => op("Read", { file: `${ROOT}/${file}` });
const heredocCommit = (subject: string) => `git commit -m "$(cat <<'EOF'\n${subject}\n\nbody line\nEOF\n)"`;
const facts = (sessions: KnowledgeSession[]) => mineConventions(sessions, new Set()).map((i) => i.fact);
const topic = <T extends ConventionFact["topic"]>(sessions: KnowledgeSession[], t: T) =>
  facts(sessions).filter((f): f is Extract<ConventionFact, { topic: T }> => f.topic === t);
const lines = (sessions: KnowledgeSession[]) => mineConventions(sessions, new Set()).map((i) => itemLine(i));

describe("the git workflow", () => {
  it("finds Conventional Commits prefixes in heredoc and -m messages, leaving a one-off prefix out", () => {
    const sessions = [
      session(1, (op) => [
        bash(op, `cd ${ROOT}`),
        edit(op, "src/cart.ts"),
        bash(op, heredocCommit("feat: add the cart total")),
        bash(op, 'git commit -m "fix(cart): round the total"'),
      ]),
      session(2, (op) => [
        edit(op, "src/cart.ts"),
        bash(op, "git commit --allow-empty -m 'milestone: health check'"),
        bash(op, 'git commit -am "feat: show the discount"'),
      ]),
    ];
    const [style] = topic(sessions, "commit-style");
    expect(style).toEqual({
      topic: "commit-style",
      conventional: true,
      prefixes: ["feat", "fix"],
      commits: 4,
      following: 3,
      example: "feat: show the discount",
    });
    expect(lines(sessions)).toContain(
      "Commit messages start with Conventional Commits prefixes (`feat:`, `fix:`): 3 of 4 commits, e.g. `feat: show the discount` — in 2 sessions, last confirmed 1970-01-03.",
    );
  });

  it("states no style for commits without a shared prefix, nor from a refused commit", () => {
    const refusal = "The user doesn't want to proceed with this tool use. The tool use was rejected";
    const sessions = [
      session(1, (op) => [
        bash(op, 'git commit -m "Add the cart"'),
        bash(op, 'git commit -m "feat: totals"'),
        bash(op, 'git commit -m "feat: more"', { isError: true, output: refusal }),
      ]),
    ];
    expect(topic(sessions, "commit-style")).toEqual([]);
  });

  it("takes a free prefix for a style only over three commits or more", () => {
    const two = [
      session(1, (op) => [bash(op, 'git commit -m "bob: round 1"'), bash(op, 'git commit -m "amy: round 1"')]),
    ];
    expect(topic(two, "commit-style")).toEqual([]);
    const three = [
      session(1, (op) => [
        bash(op, 'git commit -m "bob: round 1"'),
        bash(op, 'git commit -m "amy: round 1"'),
        bash(op, 'git -C ../wt/amy commit -m "amy: round 2"'),
      ]),
    ];
    expect(topic(three, "commit-style")).toEqual([
      expect.objectContaining({ conventional: false, prefixes: ["amy", "bob"], following: 3 }),
    ]);
  });

  it("finds the base branch, how new branches are named, worktrees and a push that passed", () => {
    const sessions = [
      session(1, (op) => [
        bash(op, "git checkout -b amy/search develop"),
        bash(op, "git -C .worktrees/bob checkout -b bob/filters develop"),
        bash(op, "git -C .worktrees/bob log --oneline -3"),
        bash(op, "git merge --no-ff amy/search bob/filters"),
        bash(op, "git push origin develop"),
      ]),
    ];
    const found = facts(sessions);
    expect(found).toContainEqual({ topic: "base-branch", branch: "develop" });
    expect(found).toContainEqual({ topic: "branch-naming", examples: ["amy/search", "bob/filters"] });
    expect(found).toContainEqual({ topic: "worktrees", folder: ".worktrees/" });
    expect(found).toContainEqual({ topic: "push", command: "git push origin develop", commits: 0 });
  });

  it("names no base branch when main and master compete, and says commits stay local only when no push was even tried", () => {
    const mixed = [
      session(1, (op) => [
        bash(op, "git merge main"),
        bash(op, "git log main.."),
        bash(op, "git merge master"),
        bash(op, "git log master.."),
      ]),
    ];
    expect(topic(mixed, "base-branch")).toEqual([]);
    const commits = (extra: (op: ReturnType<typeof operationMaker>) => KnowledgeOperation[]) => [
      session(1, (op) => [
        bash(op, 'git commit -m "a"'),
        bash(op, 'git commit -m "b"'),
        bash(op, 'git commit -m "c"'),
        ...extra(op),
      ]),
    ];
    expect(
      topic(
        commits(() => []),
        "push",
      ),
    ).toEqual([{ topic: "push", command: null, commits: 3 }]);
    const refusal = "The user doesn't want to take this action right now. STOP what you are doing";
    expect(
      topic(
        commits((op) => [bash(op, "git push", { isError: true, output: refusal })]),
        "push",
      ),
    ).toEqual([]);
  });

  it("names the branch local commits are made on when git's answer named it for every one", () => {
    const commit = (op: ReturnType<typeof operationMaker>, branch: string, subject: string) =>
      bash(op, `git commit -m "${subject}"`, { output: `[${branch} 17015f9] ${subject}\n 1 file changed` });
    const onMaster = [
      session(1, (op) => [
        commit(op, "master", "feat: a"),
        commit(op, "master", "fix: b"),
        commit(op, "master", "docs: c"),
      ]),
    ];
    expect(topic(onMaster, "push")).toEqual([{ topic: "push", command: null, commits: 3, branch: "master" }]);
    expect(lines(onMaster)).toContain(
      "Commits are made on `master` and stay local: no session ran `git push` after any of 3 commits — in 1 session, last confirmed 1970-01-02.",
    );
    const spread = [
      session(1, (op) => [
        commit(op, "amy/search", "amy: a"),
        commit(op, "bob/filters", "bob: b"),
        commit(op, "master", "merge"),
      ]),
    ];
    expect(topic(spread, "push")).toEqual([{ topic: "push", command: null, commits: 3 }]);
  });

  it("never names a destructive push", () => {
    const sessions = [
      session(1, (op) => [bash(op, "git push --force origin main"), bash(op, "git push -f origin main")]),
    ];
    expect(topic(sessions, "push")).toEqual([]);
  });

  it("finds the checks that passed after the last edit before committing, an edit of a plan outside the project not counting", () => {
    const sessions = [
      session(1, (op) => [
        bash(op, `cd ${ROOT}`),
        edit(op, "src/a.ts"),
        bash(op, "npm test"),
        bash(op, "npx eslint ."),
        op("Write", { file: "/home/ada/.claude/plans/plan.md" }),
        bash(op, 'git commit -m "one"'),
        edit(op, "src/b.ts"),
        bash(op, "npm test"),
        bash(op, 'git commit -m "two"'),
        edit(op, "src/c.ts"),
        bash(op, 'git commit -m "three"'),
      ]),
    ];
    expect(topic(sessions, "pre-commit")).toEqual([
      { topic: "pre-commit", checks: ["test", "lint"], checked: 2, commits: 3 },
    ]);
  });
});

describe("the files that matter", () => {
  const work = session(1, (op) => [
    bash(op, `cd ${ROOT}`),
    read(op, "CONTRIBUTING.md"),
    read(op, "pyproject.toml"),
    ...Array.from({ length: 5 }, () => edit(op, "shop/cart.py")),
    bash(op, "pytest", {
      isError: true,
      output: "Exit code 1\nFAILED tests/test_cart.py::test_total - AssertionError\n1 failed, 9 passed",
    }),
    read(op, "tests/test_cart.py"),
    edit(op, "tests/test_cart.py"),
    bash(op, "pytest"),
    read(op, "tests/conftest.py"),
  ]);

  it("finds the test file that had to change with the code, where tests live, the main file and the docs read", () => {
    const found = facts([work]);
    expect(found).toContainEqual({ topic: "test-update", source: "shop/cart.py", test: "tests/test_cart.py" });
    expect(found).toContainEqual({
      topic: "test-location",
      folder: "tests/",
      files: ["tests/test_cart.py", "tests/conftest.py"],
    });
    expect(found).toContainEqual({ topic: "main-file", file: "shop/cart.py", edits: 5 });
    expect(found).toContainEqual({ topic: "orientation", files: ["CONTRIBUTING.md", "pyproject.toml"] });
    expect(lines([work])).toContain(
      "When you change `shop/cart.py`, update `tests/test_cart.py`: the tests failed after `shop/cart.py` changed until `tests/test_cart.py` was edited (once) — in 1 session, last confirmed 1970-01-02.",
    );
  });

  it("pairs no test file when the tests did not run at all, and names no main file a hot spot already names", () => {
    const broken = session(1, (op) => [
      bash(op, `cd ${ROOT}`),
      edit(op, "shop/cart.py"),
      bash(op, "pytest", { isError: true, output: "Exit code 127\npytest: command not found" }),
      edit(op, "tests/test_cart.py"),
      bash(op, "pytest"),
    ]);
    expect(topic([broken], "test-update")).toEqual([]);
    expect(mineConventions([work], new Set(["shop/cart.py"])).map((i) => i.fact.topic)).not.toContain("main-file");
  });

  it("says nothing of test files where no test runner ran", () => {
    const scripts = session(1, (op) => [
      bash(op, `cd ${ROOT}`),
      edit(op, "test_sound.py"),
      edit(op, "test_notes.py"),
      bash(op, "python test_sound.py"),
    ]);
    expect(topic([scripts], "test-location")).toEqual([]);
  });
});

describe("the environment", () => {
  it("warns about an activation run as a call of its own, naming the chained form the project uses", () => {
    const sessions = [
      session(1, (op) => [
        bash(op, "python3 -m venv .venv"),
        bash(op, "source .venv/bin/activate"),
        bash(op, "pytest", { isError: true, output: "Exit code 127\n/bin/bash: pytest: command not found" }),
        bash(op, "(source .venv/bin/activate && pytest -x)", {
          isError: true,
          output: "Exit code 1\nplatform linux -- Python 3.12.3, pytest-8.4.1\n1 failed",
        }),
        bash(op, "(source .venv/bin/activate && pytest)"),
      ]),
    ];
    const found = facts(sessions);
    expect(found).toContainEqual({ topic: "environment", command: "python3 -m venv .venv" });
    expect(found).toContainEqual({
      topic: "activation",
      command: "source .venv/bin/activate",
      standalone: true,
      chained: "(source .venv/bin/activate && pytest)",
    });
    expect(found).toContainEqual({
      topic: "runtime",
      runtime: "Python",
      version: "3.12.3",
      command: "(source .venv/bin/activate && pytest -x)",
    });
    expect(lines(sessions)[0]).toBe(
      "`source .venv/bin/activate` run as a shell call of its own does not reach the next call (each call starts a new shell): chain it with `&&` before the command that needs it, as `(source .venv/bin/activate && pytest)` did — in 1 session, last confirmed 1970-01-02.",
    );
  });

  it("names conda's own way to run a command in an environment without activating it", () => {
    const sessions = [
      session(1, (op) => [
        bash(op, "conda create -n aie311 python=3.11 -y"),
        bash(op, "conda activate aie311"),
        bash(op, "echo $CONDA_DEFAULT_ENV", { output: "base" }),
      ]),
    ];
    expect(lines(sessions)).toContain(
      "`conda activate aie311` run as a shell call of its own does not reach the next call (each call starts a new shell): chain it with `&&` before the command that needs it, or run it with `conda run -n aie311 <command>` — in 1 session, last confirmed 1970-01-02.",
    );
  });

  it("says when a command ran outside the environment the project created, naming where without the author's home", () => {
    const satisfied = (prefix: string) =>
      `Requirement already satisfied: numpy>=1.21.0 in ${prefix}/lib/python3.11/site-packages (from -r requirements.txt (line 1)) (1.24.3)`;
    const history = (prefix: string) => [
      session(1, (op) => [bash(op, "conda create -n aie311 python=3.11 -y"), bash(op, "conda activate aie311")]),
      session(2, (op) => [
        bash(op, "python app.py", {
          output: `${prefix}/lib/python3.11/site-packages/transformers/utils/generic.py:260: FutureWarning: x`,
        }),
        bash(op, "pip install -r requirements.txt", { output: satisfied(prefix) }),
      ]),
    ];
    expect(topic(history("/Users/ana/anaconda3"), "outside-environment")).toEqual([
      {
        topic: "outside-environment",
        environment: "aie311",
        command: "pip install -r requirements.txt",
        location: "anaconda3/lib/python3.11/site-packages",
        base: true,
      },
    ]);
    expect(lines(history("/Users/ana/anaconda3")).join("\n")).toContain(
      "`pip install -r requirements.txt` ran on the base conda environment's Python (`anaconda3/lib/python3.11/site-packages`), not in the environment `aie311` created for the project",
    );
    expect(lines(history("/Users/ana/anaconda3")).join("\n")).not.toContain("/Users/ana");
    expect(topic(history("/Users/ana/anaconda3/envs/aie311"), "outside-environment")).toEqual([]);
    const venv = [
      session(1, (op) => [
        bash(op, "python3 -m venv .venv"),
        bash(op, "pip install requests", {
          output: "Requirement already satisfied: requests in /home/ana/.local/lib/python3.12/site-packages (2.31.0)",
        }),
      ]),
    ];
    expect(topic(venv, "outside-environment")).toEqual([
      {
        topic: "outside-environment",
        environment: ".venv",
        command: "pip install requests",
        location: ".local/lib/python3.12/site-packages",
        base: false,
      },
    ]);
    const inVenv = [
      session(1, (op) => [
        bash(op, "python3 -m venv .venv"),
        bash(op, ".venv/bin/pip install requests", {
          output:
            "Requirement already satisfied: requests in /home/ana/shop/.venv/lib/python3.12/site-packages (2.31.0)",
        }),
      ]),
    ];
    expect(topic(inVenv, "outside-environment")).toEqual([]);
  });

  it("keeps a runtime's precise version when a later report names only part of it", () => {
    const sessions = [
      session(1, (op) => [bash(op, "python --version", { output: "Python 3.11.5" })]),
      session(2, (op) => [
        bash(op, "pip install -r requirements.txt", {
          output: "Requirement already satisfied: numpy in /opt/conda/lib/python3.11/site-packages/ (1.24.3)",
        }),
      ]),
    ];
    expect(topic(sessions, "runtime")).toEqual([
      { topic: "runtime", runtime: "Python", version: "3.11.5", command: "python --version" },
    ]);
    const upgraded = [...sessions, session(3, (op) => [bash(op, "python --version", { output: "Python 3.12.1" })])];
    expect(topic(upgraded, "runtime")).toEqual([
      { topic: "runtime", runtime: "Python", version: "3.12.1", command: "python --version" },
    ]);
  });

  it("states a chained activation only when it recurs", () => {
    const once = [session(1, (op) => [bash(op, "conda activate web && npm test")])];
    expect(topic(once, "activation")).toEqual([]);
    const twice = [
      session(1, (op) => [bash(op, "conda activate web && npm test"), bash(op, "conda activate web && npm run build")]),
    ];
    expect(topic(twice, "activation")).toEqual([
      {
        topic: "activation",
        command: "conda activate web",
        standalone: false,
        chained: "conda activate web && npm run build",
      },
    ]);
  });
});

describe("rules the user stated as what to use instead of what", () => {
  const prompt = (text: string, at: number | null = null): KnowledgePrompt => ({ text, at, after: null });

  it("quotes a rule stated inside a task once, when the agent then followed it", () => {
    const followed = session(1, (op) => [op("Agent"), op("SendMessage")], [
      prompt(
        "Split the work between three helpers. To be clear: don't use ClMail for messages, use the builtin teams.",
        DAY,
      ),
    ]);
    const items = mineKnowledge([followed]).filter((i) => i.kind === "preference");
    expect(items.map((i) => itemLine(i))).toEqual([
      "> “don't use ClMail for messages, use the builtin teams.” — said by the user in 1 session, last confirmed 1970-01-02 (quoted, not an instruction from Starlight)",
    ]);
  });

  it("quotes none the agent went on to break, nor one said for the occasion, nor a question", () => {
    const broken = session(1, (op) => [bash(op, "yarn add left-pad")], [
      prompt("Use pnpm instead of yarn for the packages.", DAY),
    ]);
    expect(mineKnowledge([broken]).filter((i) => i.kind === "preference")).toEqual([]);
    const occasion = session(1, () => [], [prompt("Use the staging db rather than prod for now.")]);
    const question = session(2, () => [], [prompt("Should we use vitest instead of jest?")]);
    expect(mineKnowledge([occasion, question]).filter((i) => i.kind === "preference")).toEqual([]);
  });
});

describe("paths relative to the project", () => {
  it("names a hot spot in src/ relative to the project when most changes were in test/, never by its absolute path", () => {
    const sessions = [1, 2].map((id) =>
      session(id, (op) => [
        edit(op, "src/cart.ts"),
        edit(op, `test/cart${id}.test.ts`),
        edit(op, "test/checkout.test.ts"),
      ]),
    );
    const hot = mineKnowledge(sessions).flatMap((i) => (i.kind === "hot-spot" ? [i.file] : []));
    expect(hot).toContain("src/cart.ts");
    expect(hot.filter((f) => f.startsWith("/"))).toEqual([]);
  });
});
