/**
 * The work domain ACOS infers from a session (docs/formats.md#acos-trajectories), applied to what a session file still
 * holds: its modified files. The `deployment` rule needs the session's shell commands, which the file
 * does not keep, so it cannot fire here. Paths match on whole segments (`app/` but not `webapp/`).
 */

const RULES: ReadonlyArray<readonly [domain: string, test: (path: string) => boolean]> = [
  ["content_creation", (p) => /(^|\/)content\/blog\//.test(p) || p.endsWith(".mdx")],
  ["code_development", (p) => /(^|\/)(app|components)\//.test(p)],
  ["music_production", (p) => /suno|music/i.test(p)],
  ["skill_execution", (p) => /(^|\/)(\.claude|agents)\//.test(p)],
];

export function inferAcosDomain(filesModified: readonly string[]): string {
  const paths = filesModified.map((f) => f.replaceAll("\\", "/"));
  for (const [domain, test] of RULES) {
    if (paths.some(test)) return domain;
  }
  return "general";
}
