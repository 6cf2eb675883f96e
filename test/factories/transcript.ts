/**
 * A minimal Claude Code transcript (docs/formats.md#claude-code-transcripts) for tests: one prompt, then one assistant tool call and its
 * result per tool, a second apart; each Bash call runs `command` (npm test by default).
 */
export function transcript(sessionId: string, tools: readonly string[], options: { cwd?: string; start?: number; command?: string } = {}): string {
  const cwd = options.cwd ?? "/home/dev/app";
  const start = options.start ?? Date.UTC(2026, 10, 20, 10);
  const base = { sessionId, cwd, gitBranch: "main", version: "2.0.55", isSidechain: false, userType: "external" };
  const at = (i: number) => new Date(start + i * 1000).toISOString();
  const lines: unknown[] = [
    { ...base, type: "user", uuid: `${sessionId}-u0`, parentUuid: null, timestamp: at(0), message: { role: "user", content: "Fix the failing build" } },
  ];
  tools.forEach((tool, i) => {
    const id = `${sessionId}-tool-${i}`;
    const input = tool === "Bash" ? { command: options.command ?? "npm test" } : { file_path: `${cwd}/src/file-${i % 3}.ts` };
    lines.push({
      ...base,
      type: "assistant",
      uuid: `${sessionId}-a${i}`,
      parentUuid: null,
      timestamp: at(2 * i + 1),
      requestId: `req-${sessionId}-${i}`,
      message: { id: `msg-${sessionId}-${i}`, role: "assistant", model: "claude-sonnet-4-5", content: [{ type: "tool_use", id, name: tool, input }], usage: { input_tokens: 10, output_tokens: 5 } },
    });
    lines.push({
      ...base,
      type: "user",
      uuid: `${sessionId}-r${i}`,
      parentUuid: `${sessionId}-a${i}`,
      timestamp: at(2 * i + 2),
      message: { role: "user", content: [{ type: "tool_result", tool_use_id: id, content: "ok" }] },
    });
  });
  return lines.map((line) => JSON.stringify(line)).join("\n");
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
export function shellTranscript(sessionId: string, calls: readonly ShellCall[], options: { cwd?: string; start?: number } = {}): string {
  const cwd = options.cwd ?? "/home/dev/app";
  const start = options.start ?? Date.UTC(2026, 10, 20, 10);
  const base = { sessionId, cwd, gitBranch: "main", version: "2.0.55", isSidechain: false, userType: "external" };
  const at = (i: number) => new Date(start + i * 1000).toISOString();
  const lines: unknown[] = [
    { ...base, type: "user", uuid: `${sessionId}-u0`, parentUuid: null, timestamp: at(0), message: { role: "user", content: "Run the checks" } },
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
      message: { id: `msg-${sessionId}-${i}`, role: "assistant", model: "claude-sonnet-4-5", content: [{ type: "tool_use", id, name: "Bash", input: { command: call.command } }], usage: { input_tokens: 10, output_tokens: 5 } },
    });
    lines.push({
      ...base,
      type: "user",
      uuid: `${sessionId}-r${i}`,
      parentUuid: `${sessionId}-a${i}`,
      timestamp: at(2 * i + 2),
      message: { role: "user", content: [{ type: "tool_result", tool_use_id: id, content: call.output, is_error: call.isError === true }] },
    });
  });
  return lines.map((line) => JSON.stringify(line)).join("\n");
}
