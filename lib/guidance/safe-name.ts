import { isKnownTool } from "@/lib/guidance/tool-name";

/**
 * Names Starlight did not write (tools, work domains, tool sequences from uploads) reach guidance only when they
 * are plain identifiers: a letter, then up to 63 letters, digits or `_ . : -`. Anything else — spaces, slashes,
 * pipes, markup — could carry an instruction, so it is left out rather than escaped.
 */
const SAFE_NAME = /^[A-Za-z][A-Za-z0-9_.:-]{0,63}$/;

/** At most this many steps in a tool sequence (what sessions record, lib/learn/tool-sequence.ts, stays below). */
const MAX_STEPS = 12;

export function isSafeName(name: string | null | undefined): name is string {
  return typeof name === "string" && SAFE_NAME.test(name);
}

/** The steps of a tool sequence ("Read > Edit > Bash"), or null when any step is not a known tool (lib/guidance/tool-name.ts). */
export function safeSequence(sequence: string): string[] | null {
  const steps = sequence.split(">").map((s) => s.trim());
  if (steps.length < 2 || steps.length > MAX_STEPS) return null;
  return steps.every(isKnownTool) ? steps : null;
}
