/**
 * Generated project of the knowledge evaluation (docs/knowledge-eval.md#the-labelled-sets) for the commands a
 * project's own docs document, as the agent read them: a CONTRIBUTING.md whose setup block's install command no
 * session ran (stated, as the doc states it), whose documented test command the sessions ran in another form (the run
 * evidence wins: the doc's form is not the project's command), and a README whose usage example runs the project's own
 * tool (not a setup, test or run command). The seed picks the ecosystem and names.
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

const PROSE = [
  "Thank you for taking the time to contribute. This guide explains how the project is laid out and how changes reach the main branch.",
  "Please keep pull requests small and focused on one change, and describe the reason for the change in the description.",
];

export function documentedCommands(ctx: ClassContext): PlantedProject {
  const { random } = ctx;
  const v = random.pick([
    {
      install: 'pip install -e ".[dev]"',
      docTest: "tox -e py312",
      test: "pytest",
      tool: "ledgerctl",
      code: "ledger/report.py",
    },
    {
      install: "npm ci",
      docTest: "yarn test --watch=false",
      test: "npx vitest run",
      tool: "ledgerctl",
      code: "src/report.ts",
    },
    {
      install: "bundle install",
      docTest: "bundle exec rspec --format doc",
      test: "bundle exec rake test",
      tool: "ledgerctl",
      code: "lib/report.rb",
    },
  ]);
  const contributing = [
    "# Contributing",
    "",
    ...PROSE,
    "",
    "## Development Setup",
    "",
    "```bash",
    "git clone <repository-url>",
    "cd ledger",
    v.install,
    "```",
    "",
    "## Code of conduct",
    "",
    ...PROSE,
    ...PROSE,
    "",
    "## Testing",
    "",
    "```bash",
    v.docTest,
    "```",
  ].join("\n");
  const readme = [
    "# Ledger",
    "",
    "Monthly reports of a ledger.",
    "",
    "## Usage",
    "",
    "```bash",
    `${v.tool} --month 3 --format csv`,
    "```",
  ].join("\n");
  const p = new ProjectBuilder(random, home(ctx), ctx.start);
  p.session("success", "docs read, tests pass in the sessions' own form", (s) => {
    s.prompt("Add a quarterly total to the report");
    s.read("CONTRIBUTING.md", contributing);
    s.read("README.md", readme);
    s.edit(v.code, "def monthly(", "def quarterly(");
    passes(s, v.test);
    thanks(s, random);
  });
  p.session("success", "tests pass", (s) => {
    s.prompt("Round the quarterly total to cents");
    s.edit(v.code, "round(", "round_half_even(");
    passes(s, v.test);
    thanks(s, random);
  });
  return p.planted(
    "commands the project's docs document",
    [
      fact(
        "doc-setup",
        "medium",
        "install",
        `Setup, as \`CONTRIBUTING.md\` documents it: \`${v.install}\`.`,
        `CONTRIBUTING\\.md[^\\n]{0,40}${esc(v.install)}`,
        { sessions: 1, repeated: false },
      ),
      fact("doc-run-test", "high", "test", `Run the tests with \`${v.test}\`.`, esc(v.test), {
        sessions: 2,
        repeated: true,
      }),
    ],
    [
      anti(
        "doc-usage",
        "The README's usage example runs the project's own tool: not a setup, test or run command.",
        `${v.tool}\\b`,
        `Run: \`${v.tool} --month 3\`.`,
        { quoted: true },
      ),
      anti(
        "doc-test-form",
        `The sessions ran the tests as \`${v.test}\`: the doc's \`${v.docTest}\` is not the project's test command.`,
        esc(v.docTest),
        `Tests: \`${v.docTest}\`.`,
        { quoted: true },
      ),
    ],
  );
}
