import type { FileGroup } from "./files";

/** One upload request (or one call of ingestFiles on the server). */
export interface Batch {
  groups: FileGroup[];
  files: number;
  bytes: number;
}

export interface BatchLimits {
  /** Most files per batch (a single group larger than this still travels whole). */
  maxFiles: number;
  /** Most bytes per batch (likewise). */
  maxBytes: number;
}

const bytesOf = (group: FileGroup) => group.files.reduce((sum, f) => sum + f.size, 0);

function batchOf(groups: FileGroup[]): Batch {
  return {
    groups,
    files: groups.reduce((n, g) => n + g.files.length, 0),
    bytes: groups.reduce((n, g) => n + bytesOf(g), 0),
  };
}

/**
 * Packs groups, in order, into batches of at most `maxFiles` files and `maxBytes` bytes. A group is never split
 * (a session travels with its sub-agents); a group over the limits goes alone.
 */
export function planBatches(groups: readonly FileGroup[], limits: BatchLimits): Batch[] {
  const batches: Batch[] = [];
  let current: FileGroup[] = [];
  let files = 0;
  let bytes = 0;
  for (const group of groups) {
    const size = bytesOf(group);
    if (current.length > 0 && (files + group.files.length > limits.maxFiles || bytes + size > limits.maxBytes)) {
      batches.push(batchOf(current));
      current = [];
      files = 0;
      bytes = 0;
    }
    current.push(group);
    files += group.files.length;
    bytes += size;
  }
  if (current.length > 0) batches.push(batchOf(current));
  return batches;
}

/** The batch's groups in two batches, the first half of them and the rest (for a server that refused it as too large); null for one group. */
export function splitBatch(batch: Batch): [Batch, Batch] | null {
  if (batch.groups.length < 2) return null;
  const cut = Math.ceil(batch.groups.length / 2);
  return [batchOf(batch.groups.slice(0, cut)), batchOf(batch.groups.slice(cut))];
}
