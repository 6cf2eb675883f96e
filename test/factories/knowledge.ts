import type { KnowledgeOperation } from "@/lib/knowledge/contract";

/**
 * A maker of made-up operations for knowledge-mining tests: each call takes the next seq, and its time from
 * `clock` (given that seq plus one), none by default.
 */
export function operationMaker(clock: (next: number) => number | null = () => null) {
  let seq = 0;
  return (tool: string, o: Partial<KnowledgeOperation> = {}): KnowledgeOperation => {
    seq += 1;
    return { seq: seq - 1, tool, file: null, command: null, isError: false, output: null, at: clock(seq), ...o };
  };
}
