import zlib from "node:zlib";

/**
 * How a transcript file's content is stored (transcript_files.content), most of what an import stores. SQLite keeps
 * a blob compressed with brotli at quality 1: real transcripts take a seventh of their size, compressed at about
 * 550 MB/s and read back at about 800 MB/s. Transcripts stored before that are text, the bytes as received.
 * PostgreSQL keeps text, which its TOAST compresses (lz4: db/pg/migrations/0012_transcript_lz4.sql).
 */
export type StoredContent = Buffer | string;

const FAST = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } };

/** The content to store, given as text or as its UTF-8 bytes. */
export function storedContent(engine: "sqlite" | "postgresql", content: string | Uint8Array): StoredContent {
  if (engine === "sqlite") return zlib.brotliCompressSync(content, FAST);
  return typeof content === "string" ? content : Buffer.from(content.buffer, content.byteOffset, content.byteLength).toString("utf8");
}

/** The UTF-8 bytes of stored content, whichever way it was stored. */
export function transcriptBytes(stored: StoredContent): Buffer {
  return typeof stored === "string" ? Buffer.from(stored, "utf8") : zlib.brotliDecompressSync(stored);
}
