import { asObject, stringField } from "@/lib/ingest/claude-code/lines";

/**
 * What a Codex tool call answered. Codex writes no success flag on a call's output (docs/agents.md#codex-cli): the exit code is
 * read from the text — `Exit code: N` (shell), `Process exited with code N` (exec_command), or `metadata.exit_code`
 * when the output is the older JSON `{output, metadata}` — and an approval the person refused reads "rejected by
 * user".
 */
export interface CallOutput {
  text: string;
  exitCode: number | null;
  /** The output's own `success: false` (the object form of a function output). */
  failed: boolean;
  rejected: boolean;
}

const EXIT_CODE = /^(?:Exit code:|Process exited with code) (-?\d+)\b/m;
const REJECTED = /\brejected by (?:the )?user\b/i;

/** `output` as written: a string (maybe JSON), an array of `{type, text}` items, or `{content, success}`. */
function outputText(output: unknown): { text: string; failed: boolean } {
  if (typeof output === "string") return { text: output, failed: false };
  if (Array.isArray(output)) {
    const texts = output.flatMap((item) => {
      const text = stringField(asObject(item), "text");
      return text === null ? [] : [text];
    });
    return { text: texts.join("\n"), failed: false };
  }
  const o = asObject(output);
  if (o === null) return { text: "", failed: false };
  const inner = outputText(o.content ?? o.output);
  return { text: inner.text, failed: o.success === false };
}

function jsonOutput(text: string): { output: string; exitCode: number | null } | null {
  if (!text.startsWith("{")) return null;
  try {
    const o = asObject(JSON.parse(text));
    const output = stringField(o, "output");
    if (output === null) return null;
    const code = asObject(o?.metadata)?.exit_code;
    return { output, exitCode: Number.isSafeInteger(code) ? (code as number) : null };
  } catch {
    return null;
  }
}

export function readCallOutput(output: unknown): CallOutput {
  const { text, failed } = outputText(output);
  const json = jsonOutput(text.trim());
  const shown =
    json === null ? text : json.exitCode === null ? json.output : `Exit code: ${json.exitCode}\n${json.output}`;
  const match = EXIT_CODE.exec(shown);
  const exitCode = json?.exitCode ?? (match ? Number(match[1]) : null);
  return { text: shown, exitCode, failed, rejected: REJECTED.test(shown.slice(0, 200)) };
}
