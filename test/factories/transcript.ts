/** One tool call of a transcript: the tool, its input, what it returned, and (when set) whether it failed. */
interface ToolCall {
  name: string;
  input: Record<string, unknown>;
  output: string;
  isError?: boolean;
}

/** A prompt, then each call as an assistant tool_use and its tool_result, a second apart, as Claude Code writes them. */
function toolTranscript(
  sessionId: string,
  prompt: string,
  calls: readonly ToolCall[],
  options: { cwd?: string; start?: number },
): string {
  const cwd = options.cwd ?? "/home/dev/app";
  const start = options.start ?? Date.UTC(2026, 10, 20, 10);
  const base = { sessionId, cwd, gitBranch: "main", version: "2.0.55", isSidechain: false, userType: "external" };
  const at = (i: number) => new Date(start + i * 1000).toISOString();
  const lines: unknown[] = [
    {
      ...base,
      type: "user",
      uuid: `${sessionId}-u0`,
      parentUuid: null,
      timestamp: at(0),
      message: { role: "user", content: prompt },
    },
  ];
  calls.forEach((call, i) => {
    const id = `${sessionId}-tool-${i}`;
    lines.push({
      ...base,
      type: "assistant",
      uuid: `${sessionId}-a${i}`,
      parentUuid: null,
      timestamp: at(2 * i + 1),
      requestId: `req-${sessionId}-${i}`,
      message: {
        id: `msg-${sessionId}-${i}`,
        role: "assistant",
        model: "claude-sonnet-4-5",
        content: [{ type: "tool_use", id, name: call.name, input: call.input }],
        usage: { input_tokens: 10, output_tokens: 5 },
      },
    });
    const result = {
      type: "tool_result",
      tool_use_id: id,
      content: call.output,
      ...(call.isError === undefined ? {} : { is_error: call.isError }),
    };
    lines.push({
      ...base,
      type: "user",
      uuid: `${sessionId}-r${i}`,
      parentUuid: `${sessionId}-a${i}`,
      timestamp: at(2 * i + 2),
      message: { role: "user", content: [result] },
    });
  });
  return lines.map((line) => JSON.stringify(line)).join("\n");
}

/**
 * A minimal Claude Code transcript (docs/formats.md#claude-code-transcripts) for tests: one prompt, then one assistant tool call and its
 * result per tool, a second apart; each Bash call runs `command` (npm test by default).
 */
export function transcript(
  sessionId: string,
  tools: readonly string[],
  options: { cwd?: string; start?: number; command?: string } = {},
): string {
  const cwd = options.cwd ?? "/home/dev/app";
  const calls = tools.map((tool, i) => ({
    name: tool,
    input: tool === "Bash" ? { command: options.command ?? "npm test" } : { file_path: `${cwd}/src/file-${i % 3}.ts` },
    output: "ok",
  }));
  return toolTranscript(sessionId, "Fix the failing build", calls, options);
}

/** One shell call of a session: the command, what it printed, and whether it failed. */
export interface ShellCall {
  command: string;
  output: string;
  isError?: boolean;
}

/**
 * A Claude Code transcript of shell calls only: a prompt, then each call as a Bash tool_use and its tool_result
 * (`is_error` when it failed), a second apart, as Claude Code writes them.
 */
export function shellTranscript(
  sessionId: string,
  calls: readonly ShellCall[],
  options: { cwd?: string; start?: number } = {},
): string {
  const toolCalls = calls.map((call) => ({
    name: "Bash",
    input: { command: call.command },
    output: call.output,
    isError: call.isError === true,
  }));
  return toolTranscript(sessionId, "Run the checks", toolCalls, options);
}
