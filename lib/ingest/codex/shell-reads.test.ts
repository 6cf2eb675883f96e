import { describe, expect, it } from "vitest";
import { assembleRollouts } from "@/lib/ingest/codex/assemble";
import { parseFile } from "@/lib/ingest/parse-file";
import { computeFeatures } from "@/lib/learn/features";

/**
 * Codex reads files through the shell. A session in the shape Codex writes (shell calls with a `workdir`, argv behind
 * `bash -lc`, `exec_command`, `apply_patch` with paths relative to the turn's folder): the edits whose file was read
 * first are counted here straight from the lines, with a regular expression over the commands, not with the parser.
 */

const CWD = "/home/dev/src/widget";
let clock = Date.UTC(2026, 4, 12, 8);
let ids = 0;
const line = (type: string, payload: Record<string, unknown>) => ({
  timestamp: new Date((clock += 1000)).toISOString(),
  type,
  payload,
});
const shell = (command: string, code = 0, workdir = CWD) => {
  const id = `call_${ids++}`;
  return [
    line("response_item", {
      type: "function_call",
      name: "shell",
      arguments: JSON.stringify({ command: ["bash", "-lc", command], workdir }),
      call_id: id,
    }),
    line("response_item", {
      type: "function_call_output",
      call_id: id,
      output: `Exit code: ${code}\nWall time: 0.1 seconds\nOutput:\nx`,
    }),
  ];
};
const exec = (cmd: string) => {
  const id = `call_${ids++}`;
  return [
    line("response_item", {
      type: "function_call",
      name: "exec_command",
      arguments: JSON.stringify({ cmd, workdir: CWD }),
      call_id: id,
    }),
    line("event_msg", { type: "exec_command_end", call_id: id, exit_code: 0 }),
    line("response_item", {
      type: "function_call_output",
      call_id: id,
      output: "Process exited with code 0\nOutput:\nx",
    }),
  ];
};
const patch = (...files: string[]) => {
  const id = `call_${ids++}`;
  const input = `*** Begin Patch\n${files.map((f) => `*** Update File: ${f}\n@@\n-a\n+b`).join("\n")}\n*** End Patch`;
  return [
    line("response_item", { type: "custom_tool_call", status: "completed", call_id: id, name: "apply_patch", input }),
    line("response_item", {
      type: "custom_tool_call_output",
      call_id: id,
      output: '{"output":"Success.","metadata":{"exit_code":0}}',
    }),
  ];
};

const lines = [
  line("session_meta", { id: "0199a213-81c0-7800-8aa1-bbab2a035a53", cwd: CWD, cli_version: "0.63.0" }),
  line("turn_context", { cwd: CWD, model: "gpt-5-codex" }),
  line("event_msg", { type: "user_message", message: "fix the total" }),
  ...shell("rg -n total src"),
  ...shell("sed -n '1,120p' src/cart.ts"),
  ...shell("nl -ba src/total.ts | sed -n '1,80p'"),
  ...exec("cat package.json"),
  ...shell("cat test/missing.ts", 1),
  ...shell("sed -i 's/a/b/' src/util.ts"),
  ...shell("head -40 app.ts", 0, `${CWD}/web`),
  ...patch("src/cart.ts", "src/total.ts", "package.json", "test/missing.ts", "src/util.ts", "web/app.ts", "README.md"),
  ...shell("npm test"),
];

/** Edited files that a successful cat/sed -n/head/nl of the same path (from the same folder) came before, by a scan of the lines. */
function independentReadFirst(): { edited: number; readFirst: number } {
  const read = new Set<string>();
  const failed = new Set(
    lines.flatMap((l) => (/Exit code: [1-9]/.test(String(l.payload.output)) ? [l.payload.call_id as string] : [])),
  );
  let edited = 0;
  let readFirst = 0;
  for (const { payload: p } of lines) {
    if (p.name === "shell" && !failed.has(p.call_id as string)) {
      const { command, workdir } = JSON.parse(p.arguments as string) as { command: string[]; workdir: string };
      const m = /^(?:cat|sed -n '[\d,]+p'|head -\d+|nl -ba) (\S+)(?: \| sed -n '[\d,]+p')?$/.exec(command[2]!);
      if (m) read.add(`${workdir}/${m[1]}`);
    }
    if (p.name === "exec_command") read.add(`${CWD}/${/^cat (\S+)$/.exec(JSON.parse(p.arguments as string).cmd)![1]}`);
    if (p.name === "apply_patch") {
      for (const [, file] of String(p.input).matchAll(/^\*\*\* Update File: (.+)$/gm)) {
        edited++;
        if (read.has(`${CWD}/${file}`)) readFirst++;
      }
    }
  }
  return { edited, readFirst };
}

describe("a Codex session that reads files through the shell", () => {
  const t = assembleRollouts(
    parseFile(
      lines.map((l) => JSON.stringify(l)).join("\n"),
      "rollout-2026-05-12T08-00-00-0199a213-81c0-7800-8aa1-bbab2a035a53.jsonl",
    ).rollout!,
    [],
  );
  const features = computeFeatures(t);

  it("counts as read first exactly the edits an independent scan finds read first", () => {
    const { edited, readFirst } = independentReadFirst();
    expect({ edited, readFirst }).toEqual({ edited: 7, readFirst: 4 });
    expect(features.blindEdits).toBe(edited - readFirst);
    expect(features.readBeforeEditRatio).toBe(readFirst / edited);
  });

  it("maps the read-only commands to Reads of the resolved files, and leaves the rest Bash", () => {
    expect(t.operations!.map((o) => [o.tool, o.file ?? o.command])).toEqual([
      ["Bash", "rg -n total src"],
      ["Read", `${CWD}/src/cart.ts`],
      ["Read", `${CWD}/src/total.ts`],
      ["Read", `${CWD}/package.json`],
      ["Read", `${CWD}/test/missing.ts`],
      ["Bash", "sed -i 's/a/b/' src/util.ts"],
      ["Read", `${CWD}/web/app.ts`],
      ...[
        "src/cart.ts",
        "src/total.ts",
        "package.json",
        "test/missing.ts",
        "src/util.ts",
        "web/app.ts",
        "README.md",
      ].map((f) => ["Edit", `${CWD}/${f}`]),
      ["Bash", "npm test"],
    ]);
    expect(t.filesRead).toEqual([
      `${CWD}/src/cart.ts`,
      `${CWD}/src/total.ts`,
      `${CWD}/package.json`,
      `${CWD}/web/app.ts`,
    ]);
    expect(features.filesReadCount).toBe(4);
  });
});
