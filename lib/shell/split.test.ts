import { describe, expect, it } from "vitest";
import { commandParts, runsGit, separators, simpleCommands } from "@/lib/shell/split";

describe("commandParts", () => {
  it("splits chains and pipelines, blanks quoted text and drops wrappers", () => {
    expect(commandParts("cd web && FOO=1 npm test | tee out.txt")).toEqual(["cd web", "npm test", "tee out.txt"]);
    expect(commandParts("(source .venv/bin/activate && timeout 60 pytest -x)")).toEqual([
      "source .venv/bin/activate",
      "pytest -x",
    ]);
    expect(commandParts('git commit -m "fix: a && b; c"')).toEqual(["git commit -m ''"]);
    expect(commandParts("")).toEqual([]);
  });
});

describe("runsGit", () => {
  it.each([
    ["git commit -m \"$(cat <<'EOF'\nAdd notebooks\nEOF\n)\"", "commit"],
    ["git add . && git commit --allow-empty -m 'milestone'", "commit"],
    ["git -C ../repo/.claude/worktrees/agent-a4ca7529 commit -m 'alice: round 1'", "commit"],
    ["git push origin main", "push"],
    ["git --no-pager push -u origin feature", "push"],
  ] as const)("%s runs git %s", (command, subcommand) => {
    expect(runsGit(command, subcommand)).toBe(true);
  });

  it.each([
    ["git log --oneline -5", "commit"],
    ['echo "git commit later"', "commit"],
    ["git commit-tree abc", "commit"],
    ["git push-please", "push"],
    ["git commit -m 'then git push'", "push"],
  ] as const)("%s does not run git %s", (command, subcommand) => {
    expect(runsGit(command, subcommand)).toBe(false);
  });
});

describe("simpleCommands", () => {
  it("keeps each step as written and with quotes blanked; 2>&1 and &> are redirections, not separators", () => {
    expect(simpleCommands("cd /r && sed -n '1,80p' src/a.ts 2>&1 | head -5")).toEqual([
      { written: "cd /r", text: "cd /r" },
      { written: "sed -n '1,80p' src/a.ts 2>&1", text: "sed -n '' src/a.ts 2>&1" },
      { written: "head -5", text: "head -5" },
    ]);
    expect(simpleCommands("npm run dev &> log.txt & sleep 1").map((c) => c.text)).toEqual([
      "npm run dev &> log.txt",
      "sleep 1",
    ]);
  });

  it("drops the prefixes and runners every reader drops (exec, nice, nohup, pdm run, …)", () => {
    expect(commandParts("nohup env CI=1 pytest")).toEqual(["pytest"]);
    expect(commandParts("exec pdm run pytest -q && timeout -s KILL 60 npm test")).toEqual(["pytest -q", "npm test"]);
  });
});

describe("separators", () => {
  it("lists the separators outside quotes, redirections left out", () => {
    expect(separators("cd web && npm test 2>&1 | tail -5; echo done &")).toEqual(["&&", "|", ";", "&"]);
    expect(separators("git commit -m 'a && b; c | d'")).toEqual([]);
    expect(separators("(source .venv/bin/activate && pytest)")).toEqual(["(", "&&", ")"]);
  });
});
