/**
 * A file to ingest whose bytes are read only when asked for, so a request's files need not all sit in memory at
 * once: an upload keeps them in a temp file, an archive inside its own bytes, and each is read when it is parsed.
 */
export interface NamedFile {
  name: string;
  /** Length in bytes. */
  size: number;
  /** Bytes `start` to `end` (clamped to the file): a format is recognised by its first bytes, a zip read by ranges. */
  slice(start: number, end: number): Uint8Array;
  /** The whole content. A file kept elsewhere is read anew at each call, so nothing holds it once the caller is done. */
  read(): Uint8Array | string;
}

/** A file whose content is already in memory (tests, the library, a folder synced file by file). */
export function memoryFile(name: string, content: Uint8Array | string): NamedFile {
  if (typeof content !== "string") return { name, size: content.byteLength, slice: (start, end) => content.subarray(start, end), read: () => content };
  let encoded: Buffer | undefined;
  const slice = (start: number, end: number) => (encoded ??= Buffer.from(content)).subarray(start, end);
  return { name, size: Buffer.byteLength(content), slice, read: () => content };
}
