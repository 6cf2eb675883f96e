import { promisify } from "node:util";
import zlib from "node:zlib";

/**
 * How a transcript file's content is stored (transcript_files.content), most of what an import stores. SQLite keeps
 * a blob compressed with brotli at quality 1: real transcripts take a seventh of their size, compressed at about
 * 550 MB/s and read back at about 800 MB/s. Transcripts stored before that are text, the bytes as received.
 * PostgreSQL keeps text, which its TOAST compresses (lz4: db/pg/migrations/0012_transcript_lz4.sql).
 */
export type StoredContent = Buffer | string;

const FAST = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } };

const brotli = promisify(zlib.brotliCompress);

/**
 * The content to store on SQLite or (`postgres`) PostgreSQL, given as text or as its UTF-8 bytes. On SQLite it is compressed on libuv's thread pool: a 100 MB
 * transcript takes a fifth of a second or more to compress, which the server's thread spends answering others.
 */
export async function storedContent(postgres: boolean, content: string | Uint8Array): Promise<StoredContent> {
  if (!postgres) return brotli(content, FAST);
  return typeof content === "string"
    ? content
    : Buffer.from(content.buffer, content.byteOffset, content.byteLength).toString("utf8");
}

/** The UTF-8 bytes of stored content, whichever way it was stored. */
export function transcriptBytes(stored: StoredContent): Buffer {
  return typeof stored === "string" ? Buffer.from(stored, "utf8") : zlib.brotliDecompressSync(stored);
}
