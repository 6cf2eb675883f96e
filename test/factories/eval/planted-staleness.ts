/**
 * Generated projects of the knowledge evaluation (docs/knowledge-eval.md#the-labelled-sets) whose later sessions
 * make earlier knowledge stale: a file deleted or moved, a tool replaced. The seed picks the tools and names.
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

/** A file that was a hot spot, then deleted or moved by a later session. */
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
    s.bash(how === "git mv" ? `git mv ${file} ${moved}` : how === "rm" ? `rm ${file}` : `git rm ${file}`, {
      output: how === "git rm" ? `rm '${file}'` : "",
    });
    passes(s, test);
    s.bash(`git commit -am "${how === "git mv" ? "Move" : "Remove"} ${stem}"`, {
      output: "[main 1a2b3c4] done\n 1 file changed",
    });
    thanks(s, random);
  });
  const current = how === "git mv" ? moved : null;
  return p.planted(
    "deleted file",
    [
      fact("deleted-test", "medium", "test", `Run the tests with \`${test}\`.`, esc(test), {
        sessions: 3,
        repeated: true,
      }),
      ...(current
        ? [
            fact("deleted-moved", "medium", "files", `${stem} now lives at \`${current}\`.`, esc(current), {
              sessions: 1,
              repeated: false,
            }),
          ]
        : []),
    ],
    [
      anti(
        "deleted-hot-spot",
        `${file} was ${how === "git mv" ? "moved" : "deleted"} by the latest session: it is no hot spot any more.`,
        `^(?!.*\\b(?:deleted|moved)\\b).*\\b${esc(`${stem}.ts`)}`,
        `\`${file}\` is a hot spot: modified in 2 sessions.`,
      ),
    ],
  );
}

/** A tool adopted in later sessions, replacing the one the earlier sessions ran. */
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
    [
      fact("later-tool", "high", "lint", `Check with \`${v.now}\`; ${v.oldTool} is no longer used.`, esc(v.now), {
        sessions: 2,
        repeated: true,
      }),
    ],
    [
      anti(
        "later-stale-tool",
        `${v.oldTool} was replaced by the latest sessions.`,
        `\\b${esc(v.oldTool)}\\b`,
        `Lint: \`${v.old}\` — ran 4 times.`,
      ),
    ],
  );
}
