/**
 * Writes a Claude Code transcript (docs/formats.md#claude-code-transcripts) line by line, in the shapes the real
 * fixtures hold: user prompts, assistant tool calls paired with their results by id, Bash results with
 * `toolUseResult {stdout, stderr, interrupted}` or `Error: Exit code N …`, refusals with the user's reason and the
 * "[Request interrupted by user for tool use]" marker, edits with `structuredPatch`, and sub-agent lines
 * (`isSidechain`, `agentId`). Deterministic: ids come from the caller's seeded random source.
 */
import type { Random } from "@/test/factories/generate/random";

const REFUSED =
  "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file).";
const STOP = " STOP what you are doing and wait for the user to tell you how to proceed.";

export interface SessionOptions {
  sessionId: string;
  cwd: string;
  /** Epoch ms of the first line. */
  start: number;
  version?: string;
  gitBranch?: string;
  /** Set for a sub-agent's transcript: its lines are sidechain lines of the parent session. */
  agentId?: string;
}

export interface BashResult {
  output?: string;
  /** Non-zero: the call failed with this exit code. */
  exit?: number;
}

/** A UUID-shaped id from the seeded source. */
export function uuid(random: Random): string {
  const hex = random.token(32).replace(/[g-z]/g, (c) => ((c.charCodeAt(0) - 103) % 16).toString(16));
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export class SessionWriter {
  private readonly lines: Record<string, unknown>[] = [];
  private parent: string | null = null;
  private step = 0;
  /** The parent of each prompt written, so that a rewind can branch from where a prompt was sent. */
  private readonly promptParents: (string | null)[] = [];

  constructor(
    private readonly random: Random,
    private readonly options: SessionOptions,
  ) {}

  private base(type: string): Record<string, unknown> {
    const { sessionId, cwd, agentId } = this.options;
    const uuidNow = uuid(this.random);
    const line: Record<string, unknown> = {
      parentUuid: this.parent,
      isSidechain: agentId !== undefined,
      userType: "external",
      cwd,
      sessionId,
      version: this.options.version ?? "2.0.55",
      gitBranch: this.options.gitBranch ?? "main",
      type,
      uuid: uuidNow,
      timestamp: new Date(this.options.start + this.step++ * 7_000).toISOString(),
    };
    if (agentId !== undefined) line.agentId = agentId;
    this.parent = uuidNow;
    return line;
  }

  private push(line: Record<string, unknown>): string {
    this.lines.push(line);
    return line.uuid as string;
  }

  prompt(text: string): this {
    this.promptParents.push(this.parent);
    this.push({ ...this.base("user"), message: { role: "user", content: text } });
    return this;
  }

  /** The user rewinds to before their last prompt and sends `text` from there (Claude Code's rewind / edit of a prompt). */
  rewindAndPrompt(text: string): this {
    this.parent = this.promptParents.at(-1) ?? null;
    return this.prompt(text);
  }

  say(text: string): this {
    const id = `msg_${this.random.token(24)}`;
    this.push({
      ...this.base("assistant"),
      requestId: `req_${this.random.token(24)}`,
      message: {
        id,
        type: "message",
        role: "assistant",
        model: "claude-sonnet-4-5",
        content: [{ type: "text", text }],
        stop_reason: "end_turn",
        usage: { input_tokens: 40, output_tokens: 20 },
      },
    });
    return this;
  }

  private toolUse(name: string, input: Record<string, unknown>): string {
    const toolId = `toolu_${this.random.token(24)}`;
    this.push({
      ...this.base("assistant"),
      requestId: `req_${this.random.token(24)}`,
      message: {
        id: `msg_${this.random.token(24)}`,
        type: "message",
        role: "assistant",
        model: "claude-sonnet-4-5",
        content: [{ type: "tool_use", id: toolId, name, input }],
        stop_reason: "tool_use",
        usage: { input_tokens: 60, output_tokens: 30 },
      },
    });
    return toolId;
  }

  private toolResult(toolId: string, content: string, isError: boolean, toolUseResult: unknown): void {
    const block: Record<string, unknown> = { tool_use_id: toolId, type: "tool_result", content };
    if (isError) block.is_error = true;
    this.push({ ...this.base("user"), message: { role: "user", content: [block] }, toolUseResult });
  }

  bash(command: string, result: BashResult = {}): this {
    const toolId = this.toolUse("Bash", { command, description: "Run a command" });
    const output = result.output ?? "";
    if (result.exit) {
      const text = `Exit code ${result.exit}\n${output}`;
      this.toolResult(toolId, text, true, `Error: ${text}`);
    } else {
      this.toolResult(toolId, output, false, { stdout: output, stderr: "", interrupted: false, isImage: false });
    }
    return this;
  }

  edit(file: string, oldText: string, newText: string): this {
    const path = file.startsWith("/") ? file : `${this.options.cwd}/${file}`;
    const toolId = this.toolUse("Edit", { file_path: path, old_string: oldText, new_string: newText });
    this.toolResult(toolId, `The file ${path} has been updated.`, false, {
      filePath: path,
      oldString: oldText,
      newString: newText,
      structuredPatch: [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: [`-${oldText}`, `+${newText}`] }],
    });
    return this;
  }

  /** A file created with the Write tool (a script the agent writes, a new module). */
  write(file: string, content: string): this {
    const path = file.startsWith("/") ? file : `${this.options.cwd}/${file}`;
    const toolId = this.toolUse("Write", { file_path: path, content });
    this.toolResult(toolId, `File created successfully at: ${path}`, false, {
      type: "create",
      filePath: path,
      content,
      structuredPatch: [],
    });
    return this;
  }

  /** A file read with the Read tool, its result numbered line by line (`content`: what the file holds). */
  read(file: string, content = "// contents\n"): this {
    const path = file.startsWith("/") ? file : `${this.options.cwd}/${file}`;
    const toolId = this.toolUse("Read", { file_path: path });
    const lines = content.replace(/\n$/, "").split("\n");
    const numbered = lines.map((line, i) => `${String(i + 1).padStart(6)}\t${line}`).join("\n");
    this.toolResult(toolId, `${numbered}\n`, false, {
      type: "text",
      file: { filePath: path, content, numLines: lines.length, startLine: 1, totalLines: lines.length },
    });
    return this;
  }

  /** A Bash call the user refuses, with the reason they typed (or none), then the interrupt marker that follows a refusal. */
  refuseBash(command: string, reason: string | null): this {
    return this.refuse("Bash", { command, description: "Run a command" }, reason);
  }

  /** A plan the agent proposed (Claude Code's ExitPlanMode) that the user refuses without a reason. */
  refusePlan(plan: string): this {
    return this.refuse("ExitPlanMode", { plan }, null);
  }

  private refuse(tool: string, input: Record<string, unknown>, reason: string | null): this {
    const toolId = this.toolUse(tool, input);
    const text = reason === null ? REFUSED + STOP : `${REFUSED} To tell you how to proceed, the user said:\n${reason}`;
    this.toolResult(toolId, text, true, `Error: ${text}`);
    if (reason === null)
      this.push({
        ...this.base("user"),
        message: { role: "user", content: [{ type: "text", text: "[Request interrupted by user for tool use]" }] },
      });
    return this;
  }

  /** A Task call whose sub-agent's transcript is written separately (`subagent`). */
  delegate(description: string, result: string): this {
    const toolId = this.toolUse("Task", { description, prompt: description, subagent_type: "general-purpose" });
    this.toolResult(toolId, result, false, { status: "completed", content: [{ type: "text", text: result }] });
    return this;
  }

  text(): string {
    return this.lines.length === 0 ? "" : `${this.lines.map((line) => JSON.stringify(line)).join("\n")}\n`;
  }
}
