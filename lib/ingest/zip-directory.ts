import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import type { RangedFile } from "./named-file";

/**
 * A zip archive's central directory, read by ranges without inflating anything, so each entry can be read (and
 * inflated) on its own when it is needed instead of the whole archive at once. Every range it follows is checked
 * against the archive's size: a directory that points outside the archive is refused, never read past.
 */

/** An archive read by ranges: an uploaded file kept on disk, or bytes in memory. */
export type ZipSource = Pick<RangedFile, "size" | "slice">;

export interface ZipEntry {
  /** Its path inside the archive. */
  name: string;
  /** 0 stored, 8 deflated; anything else cannot be read. */
  method: number;
  /** Bytes it takes in the archive. */
  storedSize: number;
  /** Bytes it says it holds once inflated. */
  declaredSize: number;
  /** Where its local header starts. */
  headerAt: number;
}

const END = 0x06054b50;
const END_BYTES = 22;
const MAX_COMMENT = 0xffff;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const UNSET = 0xffffffff;
const UTF8_NAME = 0x0800;

/** The smallest record of one entry in a zip's central directory: an archive listing more entries than its size holds lies. */
const MIN_ENTRY_BYTES = 46;

function bytesAt(source: ZipSource, start: number, end: number): { bytes: Uint8Array; view: DataView } {
  if (!(Number.isSafeInteger(start) && Number.isSafeInteger(end) && start >= 0 && start <= end && end <= source.size)) {
    throw new Error("it points past its own end");
  }
  const bytes = source.slice(start, end);
  return { bytes, view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
}

const u64 = (view: DataView, at: number) => Number(view.getBigUint64(at, true));

/** Where the end record is: at the very end when the archive has no comment, else the last within the longest comment. */
function endRecord(source: ZipSource): number {
  const last = source.size - END_BYTES;
  if (last >= 0 && bytesAt(source, last, last + 4).view.getUint32(0, true) === END) return last;
  const from = Math.max(0, source.size - END_BYTES - MAX_COMMENT);
  const { view } = bytesAt(source, from, source.size);
  for (let at = view.byteLength - END_BYTES; at >= 0; at--) if (view.getUint32(at, true) === END) return from + at;
  throw new Error("no end of central directory");
}

/** How many entries the directory lists, and where it starts and ends (a zip64 end record, when there is one, rules). */
function directoryBounds(source: ZipSource): { count: number; start: number; end: number } {
  const at = endRecord(source);
  const { view } = bytesAt(source, at, at + END_BYTES);
  const plain = { count: view.getUint16(10, true), start: view.getUint32(16, true), end: at };
  if (at < 20) return plain;
  const locator = bytesAt(source, at - 20, at).view;
  if (locator.getUint32(0, true) !== ZIP64_LOCATOR) return plain;
  const recordAt = u64(locator, 8);
  const record = bytesAt(source, recordAt, recordAt + 56).view;
  if (record.getUint32(0, true) !== ZIP64_END) throw new Error("its zip64 end record is missing");
  return { count: u64(record, 32), start: u64(record, 48), end: recordAt };
}

/** The sizes and header offset of a central record, taking those it leaves unset from its zip64 extra field. */
function sizes(view: DataView, at: number, extraAt: number, extraEnd: number) {
  let declaredSize = view.getUint32(at + 24, true);
  let storedSize = view.getUint32(at + 20, true);
  let headerAt = view.getUint32(at + 42, true);
  if (declaredSize !== UNSET && storedSize !== UNSET && headerAt !== UNSET)
    return { declaredSize, storedSize, headerAt };
  for (let field = extraAt; field + 4 <= extraEnd; field += 4 + view.getUint16(field + 2, true)) {
    if (view.getUint16(field, true) !== 1) continue;
    let value = field + 4;
    const next = () => {
      if (value + 8 > extraEnd) throw new Error("its zip64 sizes are cut short");
      value += 8;
      return u64(view, value - 8);
    };
    if (declaredSize === UNSET) declaredSize = next();
    if (storedSize === UNSET) storedSize = next();
    if (headerAt === UNSET) headerAt = next();
    break;
  }
  return { declaredSize, storedSize, headerAt };
}

const latin1 = new TextDecoder("latin1");
const utf8 = new TextDecoder();

/**
 * Every entry the central directory lists, in its order. A directory claiming more entries than the archive has
 * room for is refused before any is walked.
 */
export function readZipDirectory(source: ZipSource): ZipEntry[] {
  const { count, start, end } = directoryBounds(source);
  if (count > source.size / MIN_ENTRY_BYTES) throw new Error("its directory lists more entries than it holds");
  const { bytes, view } = bytesAt(source, start, end);
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + MIN_ENTRY_BYTES > view.byteLength || view.getUint32(at, true) !== CENTRAL)
      throw new Error(`directory record ${i + 1} is damaged`);
    const nameEnd = at + MIN_ENTRY_BYTES + view.getUint16(at + 28, true);
    const extraEnd = nameEnd + view.getUint16(at + 30, true);
    const next = extraEnd + view.getUint16(at + 32, true);
    if (next > view.byteLength) throw new Error(`directory record ${i + 1} runs past the directory`);
    const decoder = view.getUint16(at + 8, true) & UTF8_NAME ? utf8 : latin1;
    const name = decoder.decode(bytes.subarray(at + MIN_ENTRY_BYTES, nameEnd));
    entries.push({ name, method: view.getUint16(at + 10, true), ...sizes(view, at, nameEnd, extraEnd) });
    at = next;
  }
  return entries;
}

/** Where an entry's stored bytes lie, found from its local header (whose name and extra field may differ in length). */
export function entryRange(source: ZipSource, entry: ZipEntry): { start: number; end: number } {
  const { view } = bytesAt(source, entry.headerAt, entry.headerAt + 30);
  if (view.getUint32(0, true) !== LOCAL) throw new Error(`the header of ${entry.name} is damaged`);
  const start = entry.headerAt + 30 + view.getUint16(26, true) + view.getUint16(28, true);
  const end = start + entry.storedSize;
  if (end > source.size) throw new Error(`${entry.name} runs past the end of the archive`);
  return { start, end };
}

/**
 * Told, after each chunk of an entry is read, how many bytes of content it has given so far and how many of the
 * archive's bytes were handed over for them; throws to stop reading at once.
 */
export type ReadWatch = (content: number, taken: number) => void;

/** An inflater is handed this many compressed bytes at a time: a step of deflate gives at most about 1,000 times its input. */
const INFLATE_CHUNK = 16 * 1024;
/** A stored entry is copied this many bytes at a time, letting the server answer others between chunks. */
const COPY_CHUNK = 1024 * 1024;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function copyStored(
  source: ZipSource,
  range: { start: number; end: number },
  watch: ReadWatch,
): Promise<Uint8Array> {
  const out = new Uint8Array(range.end - range.start);
  for (let at = range.start; at < range.end; at += COPY_CHUNK) {
    const { bytes } = bytesAt(source, at, Math.min(at + COPY_CHUNK, range.end));
    out.set(bytes, at - range.start);
    watch(at - range.start + bytes.length, at - range.start + bytes.length);
    await nextTurn();
  }
  return out;
}

/** What zlib's failures mean for an entry. */
function damage(error: NodeJS.ErrnoException): Error {
  if (error.code === "ERR_STREAM_PREMATURE_CLOSE")
    return new Error("it holds bytes past the end of its compressed data");
  return error.code?.startsWith("Z_") ? new Error(`its compressed data is damaged: ${error.message}`) : error;
}

/**
 * An entry's content: its stored bytes, or inflated as a stream (on zlib's worker threads, a chunk at a time, so
 * the server's thread is free between chunks and memory holds only the content itself), never past the size it
 * declares: an entry that inflates further is damaged. `watch` sees every chunk and may stop the reading.
 */
export async function readEntry(
  source: ZipSource,
  entry: ZipEntry,
  range: { start: number; end: number },
  watch: ReadWatch,
): Promise<Uint8Array> {
  if (entry.method === 0) return copyStored(source, range, watch);
  const out = new Uint8Array(entry.declaredSize);
  let taken = 0;
  let inflated = 0;
  function* compressed() {
    for (let at = range.start; at < range.end; at += INFLATE_CHUNK) {
      const { bytes } = bytesAt(source, at, Math.min(at + INFLATE_CHUNK, range.end));
      taken += bytes.length;
      yield bytes;
    }
  }
  async function collect(chunks: AsyncIterable<Buffer>) {
    for await (const chunk of chunks) {
      if (inflated + chunk.length > out.length)
        throw new Error(`it inflates past the ${entry.declaredSize} bytes it declares`);
      out.set(chunk, inflated);
      inflated += chunk.length;
      watch(inflated, taken);
    }
  }
  try {
    await pipeline(compressed(), zlib.createInflateRaw(), collect);
  } catch (error) {
    throw damage(error as NodeJS.ErrnoException);
  }
  return inflated === out.length ? out : out.subarray(0, inflated);
}
