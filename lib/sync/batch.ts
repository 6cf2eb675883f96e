import type { FileGroup } from "./walk";

export interface BatchLimits {
  /** Most files per batch (a single group larger than this still travels whole). */
  maxFiles: number;
  /** Most bytes per batch (likewise). */
  maxBytes: number;
}

export const DEFAULT_BATCH: BatchLimits = { maxFiles: 200, maxBytes: 32 * 1024 * 1024 };

/** Packs groups into batches in order, never splitting a group (a session stays with its sub-agents). */
export function toBatches(groups: readonly FileGroup[], limits: BatchLimits = DEFAULT_BATCH): FileGroup[][] {
  const batches: FileGroup[][] = [];
  let current: FileGroup[] = [];
  let files = 0;
  let bytes = 0;
  for (const group of groups) {
    const size = group.files.reduce((sum, f) => sum + f.size, 0);
    if (current.length > 0 && (files + group.files.length > limits.maxFiles || bytes + size > limits.maxBytes)) {
      batches.push(current);
      current = [];
      files = 0;
      bytes = 0;
    }
    current.push(group);
    files += group.files.length;
    bytes += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
