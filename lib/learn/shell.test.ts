import { describe, expect, it } from "vitest";
import { commandParts, runsGit } from "@/lib/learn/shell";

describe("commandParts", () => {
  it("splits chains and pipelines, blanks quoted text and drops wrappers", () => {
    expect(commandParts("cd web && FOO=1 npm test | tee out.txt")).toEqual(["cd web", "npm test", "tee out.txt"]);
    expect(commandParts('(source .venv/bin/activate && timeout 60 pytest -x)')).toEqual(["source .venv/bin/activate", "pytest -x"]);
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
