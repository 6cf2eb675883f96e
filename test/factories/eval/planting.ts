/**
 * What a generated project of the knowledge evaluation holds: its transcripts (named by their path under the
 * projects root, as `starlight import` sends them), the gold it plants (facts and anti-facts in the format of
 * test/fixtures/eval/knowledge-gold.json) and the outcomes of its sessions.
 */
import type { GoldAnti, GoldFact, OutcomeLabel } from "@/lib/eval/gold";
import type { Random } from "@/test/factories/generate/random";
import { SessionWriter, uuid } from "./session-writer";

export interface PlantedProject {
  /** The class of issue 43 it plants. */
  plants: string;
  folder: string;
  files: { name: string; content: string }[];
  facts: GoldFact[];
  anti: GoldAnti[];
  outcomes: Record<string, OutcomeLabel>;
}

export const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Claude Code's folder for a working directory: the path with "/" (and ".") turned into "-". */
export const folderOf = (cwd: string) => cwd.replace(/[/.]/g, "-");

const DAY = 86_400_000;

export function fact(
  id: string,
  importance: GoldFact["importance"],
  category: string,
  statement: string,
  regex: string,
  evidence: { sessions: number; repeated: boolean },
): GoldFact {
  return {
    id,
    category,
    fact: statement,
    evidence: "planted by the generator",
    importance,
    repeated: evidence.repeated,
    sessions: evidence.sessions,
    regex,
  };
}

/**
 * `quoted`: the anti-fact counts even on a line with a negation word, for remarks guidance would quote (its quotes
 * carry "not an instruction", which the negation rule would otherwise take for a retraction).
 */
export function anti(
  id: string,
  why: string,
  regex: string,
  example: string,
  options: { quoted?: boolean } = {},
): GoldAnti {
  return options.quoted ? { id, why, regex, example, skip_negated: false } : { id, why, regex, example };
}

/** Builds a project's sessions, a day apart, and the outcome each one is labelled with. */
export class ProjectBuilder {
  readonly files: { name: string; content: string }[] = [];
  readonly outcomes: Record<string, OutcomeLabel> = {};
  private day = 0;

  constructor(
    readonly random: Random,
    readonly cwd: string,
    private readonly start: number,
  ) {}

  get folder(): string {
    return folderOf(this.cwd);
  }

  /** A main session written by `write`; labelled with `label` from the user's point of view. */
  session(label: OutcomeLabel["label"], evidence: string, write: (s: SessionWriter) => void): string {
    const sessionId = uuid(this.random);
    const writer = new SessionWriter(this.random, { sessionId, cwd: this.cwd, start: this.start + this.day++ * DAY });
    write(writer);
    this.files.push({ name: `${this.folder}/${sessionId}.jsonl`, content: writer.text() });
    this.outcomes[sessionId] = { project_folder: this.folder, label, confidence: 0.9, prompts: 1, evidence };
    return sessionId;
  }

  /**
   * A session whose main transcript is empty and whose work is in sub-agents' transcripts (the nested layout,
   * `<session>/subagents/agent-<id>.jsonl` with its `.meta.json`). Not labelled: the gold labels main sessions.
   */
  delegatedSession(agents: ((s: SessionWriter) => void)[]): string {
    const sessionId = uuid(this.random);
    this.files.push({ name: `${this.folder}/${sessionId}.jsonl`, content: "" });
    const start = this.start + this.day++ * DAY;
    for (const write of agents) {
      const agentId = `a${this.random.token(16)}`;
      const writer = new SessionWriter(this.random, { sessionId, cwd: this.cwd, start, agentId, version: "2.1.114" });
      write(writer);
      this.files.push({ name: `${this.folder}/${sessionId}/subagents/agent-${agentId}.jsonl`, content: writer.text() });
      this.files.push({
        name: `${this.folder}/${sessionId}/subagents/agent-${agentId}.meta.json`,
        content: JSON.stringify({ agentType: "general-purpose", description: "Run the checks" }),
      });
    }
    return sessionId;
  }

  planted(plants: string, facts: GoldFact[], antiFacts: GoldAnti[]): PlantedProject {
    return { plants, folder: this.folder, files: this.files, facts, anti: antiFacts, outcomes: this.outcomes };
  }
}

/** The user's thanks that closes a session where they got what they asked for. */
export function thanks(s: SessionWriter, random: Random): void {
  s.prompt(random.pick(["Thanks, that works.", "Great, thank you!", "Perfect, thanks.", "Looks good, thanks!"]));
  s.say("Glad it helped.");
}

export interface ClassContext {
  random: Random;
  /** A word unique to this project in the run, for its folder name. */
  name: string;
  /** Epoch ms of the project's first session. */
  start: number;
}

export const home = (ctx: ClassContext) => `/home/${ctx.random.pick(["dev", "sam", "kim", "alex"])}/code/${ctx.name}`;

/** The i-th of a project's task prompts: each session asks something else (chance duplicates are a class of their own). */
export const nth = (prompts: readonly string[], i: number) => prompts[i % prompts.length]!;

/** A command that passes, with output that says so. */
export const passes = (s: SessionWriter, command: string) =>
  s.bash(command, { output: "All checks passed.\n12 passed in 1.4s" });
