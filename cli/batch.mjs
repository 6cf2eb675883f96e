// @ts-check

/** @typedef {import("./files.mjs").Group} Group */

/**
 * One upload request.
 * @typedef {object} Batch
 * @property {Group[]} groups
 * @property {number} files
 * @property {number} bytes
 */

/** @param {Group[]} groups @returns {Batch} */
export function batchOf(groups) {
  const files = groups.flatMap((g) => g.files);
  return { groups, files: files.length, bytes: files.reduce((sum, f) => sum + f.size, 0) };
}

/**
 * Packs groups, in order, into batches of at most `maxFiles` files and `maxBytes` bytes. A group is never
 * split (a session travels with its sub-agents); a group over the limits goes alone.
 * @param {Group[]} groups
 * @param {{ maxFiles: number, maxBytes: number }} limits
 * @returns {Batch[]}
 */
export function planBatches(groups, { maxFiles, maxBytes }) {
  /** @type {Batch[]} */
  const batches = [];
  /** @type {Group[]} */
  let current = [];
  let files = 0;
  let bytes = 0;
  for (const group of groups) {
    const groupBytes = group.files.reduce((sum, f) => sum + f.size, 0);
    if (current.length > 0 && (files + group.files.length > maxFiles || bytes + groupBytes > maxBytes)) {
      batches.push(batchOf(current));
      current = [];
      files = 0;
      bytes = 0;
    }
    current.push(group);
    files += group.files.length;
    bytes += groupBytes;
  }
  if (current.length > 0) batches.push(batchOf(current));
  return batches;
}
