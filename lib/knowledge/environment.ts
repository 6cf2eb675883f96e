import { wasRefused } from "@/lib/ingest/refusal";
import { simpleCommands } from "@/lib/shell/split";
import { isHostile, isSuggestible } from "./command-safety";
import { commandRoot, relativeCommand } from "./command-paths";
import { MIN_OCCURRENCES, type ConventionItem, type KnowledgeSession } from "./contract";
import { entry, EvidenceTally } from "./evidence";

/**
 * The environment the project's commands need, as its sessions set it up: the command that created it, how it is
 * activated (an activation run on a shell call of its own does not reach the agent's next call, which starts a new
 * shell; chained before a command with `&&`, it does), and the runtime versions tools reported.
 */

/** Activating an environment: a virtualenv's `activate`, conda/mamba, nvm/fnm, pyenv, virtualenvwrapper. */
const ACTIVATION =
  /^(?:(?:source|\.)\s+\S*activate(?:\s+\S+)?|(?:conda|mamba|micromamba)\s+activate\s+\S+|(?:nvm|fnm)\s+use(?:\s+\S+)?|pyenv\s+(?:shell|local)\s+\S+|workon\s+\S+)$/;
/** Creating the environment the commands run in. */
const CREATION =
  /^(?:python[\d.]*\s+-m\s+venv\s+\S+|virtualenv\s+\S+|uv\s+venv(?:\s+\S+)?|(?:conda|mamba|micromamba)\s+create\s+.*(?:-n|--name)\s+\S+.*|pyenv\s+(?:install|virtualenv)\s+\S+.*|nvm\s+install(?:\s+\S+)?)$/;
/** Runtime versions as tools print them. */
const VERSIONS: { runtime: string; pattern: RegExp }[] = [
  { runtime: "Python", pattern: /\bPython (\d+\.\d+(?:\.\d+)?)\b/ },
  { runtime: "Python", pattern: /\/lib\/python(\d+\.\d+)\/site-packages\// },
  { runtime: "Node.js", pattern: /\bNode(?:\.js)? v?(\d+\.\d+\.\d+)\b/ },
  { runtime: "Go", pattern: /\bgo version go(\d+\.\d+(?:\.\d+)?)\b/ },
  { runtime: "Rust", pattern: /\brustc (\d+\.\d+\.\d+)\b/ },
];

/** Where a tool says a package is installed: `<prefix>/lib/python3.11/site-packages`. */
const SITE_PACKAGES = /((?:\/[\w.@+-]+)+)\/(lib\/python\d+\.\d+\/site-packages)\b/;
/** Conda installs' own folders: a prefix that is one of them (not an environment under its `envs/`) is the base environment. */
const CONDA_ROOT = /\/(?:(?:ana|mini)conda\d*|miniforge\d*|mambaforge|micromamba|conda)$/;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The environment a creation makes, and the folder its packages live under: conda's `envs/<name>`, a virtualenv's own. */
function environmentFolder(creation: string): { name: string; folder: RegExp } | null {
  if (/^(?:conda|mamba|micromamba)\s/.test(creation)) {
    const name = /(?:-n|--name)\s+(\S+)/.exec(creation)?.[1];
    return name === undefined ? null : { name, folder: new RegExp(`/envs/${escape(name)}$`) };
  }
  const written = /^(?:python[\d.]*\s+-m\s+venv|virtualenv|uv\s+venv)\s+(\S+)/.exec(creation)?.[1];
  const folder = written?.replace(/\/+$/, "").replace(/^.*\//, "");
  return written === undefined || !folder ? null : { name: written, folder: new RegExp(`/${escape(folder)}$`) };
}

const firstLine = (command: string) => command.split(/\r?\n/)[0]!.trim();
const unwrapped = (line: string) => (/^\(.*\)$/.test(line) ? line.slice(1, -1).trim() : line);

interface Activation {
  tally: EvidenceTally;
  standalone: number;
  /** The latest passing command chained after it, as run. */
  chained: string | null;
}

export function mineEnvironment(sessions: readonly KnowledgeSession[]): ConventionItem[] {
  const root = commandRoot(sessions);
  const activations = new Map<string, Activation>();
  const creations = new Map<string, EvidenceTally>();
  /** The environment created so far, and the command whose output showed another interpreter's packages after it. */
  let created: { name: string; folder: RegExp } | null = null;
  let outside: { command: string; prefix: string; tail: string; tally: EvidenceTally } | null = null;
  const versions = new Map<
    string,
    { runtime: string; version: string; command: string | null; tally: EvidenceTally }
  >();
  for (const session of sessions) {
    for (const op of session.operations) {
      const at = op.at ?? session.startedAt;
      if (op.output !== null) {
        for (const { runtime, pattern } of VERSIONS) {
          const version = pattern.exec(op.output)?.[1];
          if (version === undefined) continue;
          const command = op.command === null ? null : firstLine(op.command);
          const shown = command !== null && isSuggestible(command) ? (relativeCommand(command, root) ?? null) : null;
          const v = entry(versions, `${runtime} ${version}`, () => ({
            runtime,
            version,
            command: shown,
            tally: new EvidenceTally(),
          }));
          v.tally.add(session.id, op.seq, at);
          break;
        }
      }
      const site =
        created === null || op.command === null || op.output === null || wasRefused(op)
          ? null
          : SITE_PACKAGES.exec(op.output);
      if (site && created !== null && !created.folder.test(site[1]!)) {
        const shown = relativeCommand(firstLine(op.command!), root);
        if (shown !== null && isSuggestible(shown)) {
          const seen = { command: shown, prefix: site[1]!, tail: site[2]! };
          outside ??= { ...seen, tally: new EvidenceTally() };
          // An install that went to the wrong place says most: it is named before a run that merely imported from there.
          if (/\binstall\b/.test(shown) || !/\binstall\b/.test(outside.command)) Object.assign(outside, seen);
          outside.tally.add(session.id, op.seq, at);
        }
      }
      if (op.command === null || op.isError || wasRefused(op)) continue;
      const line = firstLine(op.command);
      if (isHostile(line)) continue;
      const parts = simpleCommands(unwrapped(line)).map((p) => p.written);
      if (parts.length === 1 && CREATION.test(parts[0]!) && isSuggestible(parts[0]!)) {
        entry(creations, parts[0]!, () => new EvidenceTally()).add(session.id, op.seq, at);
        created = environmentFolder(parts[0]!) ?? created;
      }
      const activation = parts.findIndex((p) => ACTIVATION.test(p));
      if (activation < 0) continue;
      const a = entry(
        activations,
        parts[activation]!,
        (): Activation => ({ tally: new EvidenceTally(), standalone: 0, chained: null }),
      );
      a.tally.add(session.id, op.seq, at);
      if (parts.length === 1) a.standalone += 1;
      else if (activation < parts.length - 1 && isSuggestible(line)) a.chained = relativeCommand(line, root);
    }
  }
  const out: ConventionItem[] = [];
  const creation = [...creations].sort((a, b) => b[1].occurrences - a[1].occurrences)[0];
  if (creation !== undefined)
    out.push({
      kind: "convention",
      key: "convention:environment",
      fact: { topic: "environment", command: creation[0] },
      evidence: creation[1].evidence(),
    });
  if (outside !== null && created !== null) {
    // Shown from the interpreter's own folder on: never the author's home.
    const location = `${outside.prefix.replace(/^.*\//, "")}/${outside.tail}`;
    const fact = {
      topic: "outside-environment" as const,
      environment: created.name,
      command: outside.command,
      location,
      base: CONDA_ROOT.test(outside.prefix),
    };
    out.push({ kind: "convention", key: "convention:outside-environment", fact, evidence: outside.tally.evidence() });
  }
  // One warning about activations run on their own (the most frequent), and the activation chained most often:
  // chained, it is the project's way only when it recurs; run on its own, once is enough to warn.
  const byUse = [...activations]
    .filter(([command]) => isSuggestible(command))
    .sort((x, y) => y[1].tally.occurrences - x[1].tally.occurrences || (x[0] < y[0] ? -1 : 1));
  const standalone = byUse.find(([, a]) => a.standalone > 0);
  const chained = byUse.find(
    ([, a]) => a.standalone === 0 && a.chained !== null && a.tally.occurrences >= MIN_OCCURRENCES,
  );
  for (const [command, a] of [standalone, chained].flatMap((x) => (x === undefined ? [] : [x]))) {
    const chainedElsewhere = a.chained ?? chained?.[1].chained ?? null;
    out.push({
      kind: "convention",
      key: `convention:activation:${command}`,
      fact: { topic: "activation", command, standalone: a.standalone > 0, chained: chainedElsewhere },
      evidence: a.tally.evidence(),
    });
  }
  // Of each runtime, the version reported latest; a later report that only names less of it (`python3.11` in a path
  // after `Python 3.11.5`) confirms the precise one rather than replacing it.
  const latest = new Map<string, { runtime: string; version: string; command: string | null; tally: EvidenceTally }>();
  for (const v of versions.values()) {
    const known = latest.get(v.runtime);
    const last = v.tally.evidence().lastSeen ?? 0;
    const knownLast = known?.tally.evidence().lastSeen ?? 0;
    const refines = (a: string, b: string) => a.startsWith(`${b}.`);
    if (known !== undefined && refines(known.version, v.version)) continue;
    if (
      known === undefined ||
      refines(v.version, known.version) ||
      last > knownLast ||
      (last === knownLast && v.version.length > known.version.length)
    )
      latest.set(v.runtime, v);
  }
  for (const v of latest.values()) {
    out.push({
      kind: "convention",
      key: `convention:runtime:${v.runtime}`,
      fact: { topic: "runtime", runtime: v.runtime, version: v.version, command: v.command },
      evidence: v.tally.evidence(),
    });
  }
  return out;
}
