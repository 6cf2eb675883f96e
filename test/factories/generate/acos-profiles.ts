/**
 * What sessions of each work domain look like in ACOS data: how common the domain is, its tool mix,
 * where its files live, how often it commits and pushes, and the tasks people give it.
 */

export interface DomainProfile {
  domain: string;
  /** Relative frequency of the domain. */
  weight: number;
  tools: ReadonlyArray<readonly [tool: string, weight: number]>;
  dirs: readonly string[];
  names: readonly string[];
  /** Files sometimes touched besides the usual ones (config, agent settings). */
  extras: readonly string[];
  commit: number;
  push: number;
  /** Chance of a `tsc` run (the ACOS heuristic rewards it). */
  tsc: number;
  tasks: readonly string[];
}

const CODE_NAMES = [
  "page.tsx",
  "layout.tsx",
  "route.ts",
  "header.tsx",
  "button.tsx",
  "utils.ts",
  "auth.ts",
  "db.ts",
  "use-user.ts",
  "form.tsx",
];

export const PROFILES: readonly DomainProfile[] = [
  {
    domain: "code_development",
    weight: 40,
    tools: [
      ["Read", 30],
      ["Edit", 24],
      ["Bash", 14],
      ["Grep", 10],
      ["Glob", 5],
      ["Write", 7],
      ["MultiEdit", 3],
      ["TodoWrite", 3],
      ["Task", 2],
      ["WebFetch", 1],
    ],
    dirs: ["app", "app/(dashboard)/settings", "app/api/users", "components", "components/ui", "lib", "hooks"],
    names: CODE_NAMES,
    extras: ["package.json", "tsconfig.json", "next.config.mjs", ".env.local"],
    commit: 0.5,
    push: 0.2,
    tsc: 0.35,
    tasks: [
      "Add a settings page",
      "Fix the login redirect loop",
      "Refactor the data table",
      "Add dark mode",
      "Wire the checkout form to the API",
    ],
  },
  {
    domain: "deployment",
    weight: 10,
    tools: [
      ["Bash", 50],
      ["Read", 20],
      ["Edit", 12],
      ["Write", 4],
      ["Grep", 6],
      ["WebFetch", 2],
    ],
    dirs: [".github/workflows", "deploy", "infra", "scripts"],
    names: ["deploy.yml", "ci.yml", "release.sh", "main.tf", "nginx.conf", "healthcheck.ts"],
    extras: ["package.json", "Dockerfile", "vercel.json", ".env.production"],
    commit: 0.8,
    push: 0.7,
    tsc: 0.1,
    tasks: ["Deploy the release to production", "Fix the failing CI workflow", "Add a staging environment"],
  },
  {
    domain: "content_creation",
    weight: 14,
    tools: [
      ["Write", 28],
      ["Read", 26],
      ["Edit", 24],
      ["WebSearch", 8],
      ["WebFetch", 6],
      ["Bash", 5],
      ["Glob", 3],
    ],
    dirs: ["content/blog", "content/blog/2026", "content/docs", "public/images"],
    names: [
      "launch-notes.mdx",
      "why-we-rewrote.mdx",
      "getting-started.mdx",
      "pricing-update.mdx",
      "case-study.mdx",
      "faq.mdx",
    ],
    extras: ["content/blog/index.json"],
    commit: 0.4,
    push: 0.25,
    tsc: 0,
    tasks: ["Write the launch announcement", "Edit the getting-started guide", "Draft a case study"],
  },
  {
    domain: "testing",
    weight: 12,
    tools: [
      ["Bash", 34],
      ["Read", 26],
      ["Edit", 20],
      ["Grep", 8],
      ["Write", 10],
      ["Glob", 2],
    ],
    dirs: ["tests", "tests/e2e", "lib/__tests__", "components/__tests__"],
    names: ["auth.test.ts", "cart.test.ts", "checkout.spec.ts", "utils.test.ts", "fixtures.ts", "setup.ts"],
    extras: ["vitest.config.ts", "playwright.config.ts", "package.json"],
    commit: 0.45,
    push: 0.15,
    tsc: 0.4,
    tasks: ["Add tests for the cart", "Fix the flaky checkout e2e test", "Raise coverage of lib/auth"],
  },
  {
    domain: "research",
    weight: 8,
    tools: [
      ["Read", 30],
      ["Grep", 20],
      ["WebSearch", 15],
      ["WebFetch", 15],
      ["Glob", 10],
      ["Task", 8],
      ["Write", 2],
    ],
    dirs: ["docs", "notes", "docs/adr"],
    names: ["findings.md", "options.md", "benchmark.md", "0007-queue-choice.md"],
    extras: [],
    commit: 0.1,
    push: 0.05,
    tsc: 0,
    tasks: ["Compare queue libraries", "Investigate the memory leak", "Summarise how auth works"],
  },
  {
    domain: "skill_execution",
    weight: 8,
    tools: [
      ["Read", 25],
      ["Write", 18],
      ["Edit", 18],
      ["Bash", 20],
      ["Skill", 8],
      ["Glob", 6],
      ["Task", 5],
    ],
    dirs: [".claude/skills/release", ".claude/agents", ".claude/commands", "agents"],
    names: ["SKILL.md", "reviewer.md", "deploy.md", "triage.md", "run.sh"],
    extras: [".claude/settings.json", "CLAUDE.md"],
    commit: 0.3,
    push: 0.1,
    tsc: 0.05,
    tasks: ["Run the release skill", "Create a code-review agent", "Update the triage command"],
  },
  {
    domain: "general",
    weight: 8,
    tools: [
      ["Read", 30],
      ["Bash", 22],
      ["Edit", 16],
      ["Grep", 10],
      ["Glob", 8],
      ["Write", 6],
      ["WebSearch", 4],
      ["TodoWrite", 4],
    ],
    dirs: ["", "scripts", "docs"],
    names: ["README.md", "notes.txt", "cleanup.sh", "CHANGELOG.md", "LICENSE"],
    extras: [".gitignore", "package.json"],
    commit: 0.3,
    push: 0.1,
    tsc: 0.05,
    tasks: ["Tidy the repository", "Update the README", "Rename the project"],
  },
];

export const CRITIQUES = {
  good: [
    "Clean run: focused changes, verified and committed.",
    "Read the relevant files first; build passed after the edits.",
    "Small, well-scoped change with a passing test run.",
  ],
  mixed: [
    "Work completed but not verified with tests.",
    "Several retries on the same file before the edit applied.",
    "Reasonable result; some exploration could have been skipped.",
  ],
  poor: [
    "Build failed after the last edit and was not fixed.",
    "Scattered edits across unrelated files; the task stalled.",
    "Session ended before the change was verified.",
  ],
} as const;
