import { codeSpan } from "./code-span";
import { isSuggestible } from "./command-safety";
import type { CommandPurpose, ConventionItem } from "./contract";

/**
 * Starlight's wording of a convention (lib/knowledge/conventions.ts), without its evidence: what was seen, with the
 * files and commands as code spans; null when nothing of it may be shown (a command that may not be suggested).
 */

const CHECK_NAMES: Partial<Record<CommandPurpose, string>> = {
  test: "tests",
  lint: "lint",
  typecheck: "type-check",
  format: "format check",
};
const DOCUMENTED_LABELS: Partial<Record<CommandPurpose, string>> = {
  install: "Setup",
  test: "Tests",
  lint: "Lint",
  run: "Run",
};
const times = (n: number) => (n === 1 ? "once" : `${n} times`);
const spans = (items: readonly string[]) => items.map((i) => codeSpan(i)).filter((s) => s !== "");
const list = (items: readonly string[]) => spans(items).join(", ");
/** A command as a code span when it may be suggested, else "". */
const command = (c: string | null) => (c !== null && isSuggestible(c) ? codeSpan(c) : "");

export function conventionText(item: ConventionItem): string | null {
  const f = item.fact;
  const e = item.evidence;
  switch (f.topic) {
    case "commit-style": {
      const prefixes = list(f.prefixes.slice(0, 4).map((p) => `${p}:`));
      if (prefixes === "") return null;
      const kind = f.conventional ? "Conventional Commits prefixes" : "a prefix and a colon";
      const example = f.example === null ? "" : `, e.g. ${codeSpan(f.example)}`;
      return `Commit messages start with ${kind} (${prefixes}): ${f.following} of ${f.commits} commits${example}`;
    }
    case "base-branch": {
      const branch = codeSpan(f.branch);
      return branch === ""
        ? null
        : `The base branch is ${branch}: git commands branched from, merged or pushed it ${times(e.occurrences)}`;
    }
    case "branch-naming": {
      const examples = list(f.examples);
      return examples === "" ? null : `New branches are named ${codeSpan("<prefix>/<topic>")}: ${examples}`;
    }
    case "worktrees": {
      const folder = codeSpan(f.folder);
      return folder === ""
        ? null
        : `Work happens in separate git worktrees under ${folder}, with git run in each as ${codeSpan("git -C <worktree> …")} (${times(e.occurrences)})`;
    }
    case "pre-commit": {
      const checks = f.checks.map((c) => CHECK_NAMES[c] ?? c);
      const named =
        checks.length <= 1 ? (checks[0] ?? "checks") : `${checks.slice(0, -1).join(", ")} and ${checks.at(-1)}`;
      return `Before committing, the ${named} ran and passed after the last edit: ${f.checked} of ${f.commits} commits`;
    }
    case "push": {
      if (f.command === null) {
        const on = f.branch === undefined ? "" : codeSpan(f.branch);
        return `Commits ${on === "" ? "" : `are made on ${on} and `}stay local: no session ran ${codeSpan("git push")} after any of ${f.commits} commits`;
      }
      const push = command(f.command);
      return push === "" ? null : `Commits are pushed with ${push}, passed ${times(e.occurrences)}`;
    }
    case "test-update": {
      const [source, test] = [codeSpan(f.source), codeSpan(f.test)];
      if (source === "" || test === "") return null;
      return `When you change ${source}, update ${test}: the tests failed after ${source} changed until ${test} was edited (${times(e.occurrences)})`;
    }
    case "test-location": {
      const files = list(f.files);
      if (files === "") return null;
      return f.folder !== null
        ? `Tests live in ${codeSpan(f.folder)}: ${files}`
        : `Test files sit beside the code: ${files}`;
    }
    case "main-file": {
      const file = codeSpan(f.file);
      return file === "" ? null : `Most of the work changes ${file}: edited ${times(f.edits)}`;
    }
    case "orientation": {
      const files = list(f.files);
      return files === ""
        ? null
        : `Sessions read the project's docs and config before working, and never changed them: ${files}`;
    }
    case "activation": {
      const activate = command(f.command);
      if (activate === "") return null;
      const chained = command(f.chained);
      if (!f.standalone)
        return chained === ""
          ? null
          : `Commands run inside the environment ${activate} activates, chained in the same call: ${chained}`;
      const as = chained === "" ? "" : `, as ${chained} did`;
      // A conda environment also runs a command without being activated at all.
      const env = /^(conda|mamba|micromamba) activate (\S+)$/.exec(f.command);
      const run =
        env !== null && isSuggestible(`${env[1]} run -n ${env[2]}`)
          ? codeSpan(`${env[1]} run -n ${env[2]} <command>`)
          : "";
      const or = run === "" ? "" : `, or run it with ${run}`;
      return `${activate} run as a shell call of its own does not reach the next call (each call starts a new shell): chain it with ${codeSpan("&&")} before the command that needs it${as}${or}`;
    }
    case "environment": {
      const create = command(f.command);
      return create === "" ? null : `The environment was created with ${create}`;
    }
    case "outside-environment": {
      const [ran, env, where] = [command(f.command), codeSpan(f.environment), codeSpan(f.location)];
      if (ran === "" || env === "" || where === "") return null;
      const on = f.base ? "the base conda environment's Python" : "another Python";
      return `${ran} ran on ${on} (${where}), not in the environment ${env} created for the project: check which interpreter is active before installing or running`;
    }
    case "coverage": {
      const by = command(f.command);
      if (by === "") return null;
      const measure = f.measure === "branch" ? "branch coverage" : `coverage of ${f.measure}`;
      const how = f.itself ? "reports coverage itself, with no coverage flag on the command" : "reports coverage";
      const best = f.best > f.percent ? ` (${f.best}% at best)` : "";
      const floor =
        f.floor === null
          ? ""
          : `; it enforces a floor of ${f.floor.percent}% (${f.floor.reached ? "reached" : "not reached"} at its last report)`;
      const html = f.html === null ? "" : codeSpan(f.html);
      return `${by} ${how}: ${f.percent}% ${measure} at the last passing run${best}${floor}${html === "" ? "" : `, HTML report in ${html}`}`;
    }
    case "check-scripts": {
      const scripts = list(f.commands);
      if (scripts === "") return null;
      return `No test runner ran in this project's sessions: its checks are scripts named as tests, run by hand: ${scripts} (passed ${f.passed} of ${f.runs} runs)`;
    }
    case "documented": {
      const by = command(f.command);
      if (by === "") return null;
      return `${DOCUMENTED_LABELS[f.purpose] ?? "Command"}, as ${codeSpan(f.doc)} documents it: ${by} (from the docs alone, unconfirmed by runs)`;
    }
    case "runtime": {
      const by = command(f.command);
      return `${f.runtime} ${f.version}${by === "" ? "" : `, as ${by} reported`}`;
    }
  }
}
