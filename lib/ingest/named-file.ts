import type { RecordError } from "./types";

/**
 * A file to ingest whose bytes are read only when asked for, so a request's files need not all sit in memory at
 * once: an upload keeps them in a temp file, an archive inside its own bytes, and each is read when it is parsed.
 */
export interface NamedFile {
  name: string;
  /** Length in bytes (for an archive entry, the length it declares). */
  size: number;
  /**
   * The whole content, read (or inflated) anew at each call, so nothing holds it once the caller is done: read it
   * once. Asynchronous, so a large read or an inflation does not hold the server's one thread. Rejects with a
   * `RefusedFile` when the file itself cannot be taken (an archive entry too large, damaged, or outside its folder).
   */
  read(): Promise<Uint8Array | string>;
}

/** A file that can also be read by ranges: an upload, whose format is recognised by its first bytes and a zip read by ranges. */
export interface RangedFile extends NamedFile {
  /** Bytes `start` to `end` (clamped to the file). */
  slice(start: number, end: number): Uint8Array;
}

/** Why a file was refused whole, as its report gives it; the rest of the upload goes on. */
export class RefusedFile extends Error {
  constructor(readonly error: RecordError) {
    super(error.message);
  }
}

/** A file whose content is already in memory (tests, the library, a folder synced file by file). */
export function memoryFile(name: string, content: Uint8Array | string): RangedFile {
  if (typeof content !== "string")
    return {
      name,
      size: content.byteLength,
      slice: (start, end) => content.subarray(start, end),
      read: async () => content,
    };
  let encoded: Buffer | undefined;
  const slice = (start: number, end: number) => (encoded ??= Buffer.from(content)).subarray(start, end);
  return { name, size: Buffer.byteLength(content), slice, read: async () => content };
}
