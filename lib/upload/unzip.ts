import { unzip, type UnzipFileFilter, type UnzipFileInfo } from "fflate";
import { normalisePath, pathKind } from "./paths";

/** A file that is not uploaded, and why (junk such as `.DS_Store` is dropped without a note). */
export interface SkippedFile {
  path: string;
  reason: string;
}

interface ZipEntry {
  /** The entry's path inside the zip, which becomes the uploaded file's name. */
  path: string;
  data: Uint8Array;
}

export interface ZipContents {
  entries: ZipEntry[];
  skipped: SkippedFile[];
}

const STORED = 0;
const DEFLATE = 8;
const BATCH_BYTES = 8 * 1024 * 1024;

function expand(data: Uint8Array, filter: UnzipFileFilter): Promise<Record<string, Uint8Array>> {
  return new Promise((resolve, reject) => {
    unzip(data, { filter }, (error, files) => (error ? reject(error) : resolve(files)));
  });
}

/** Entries to expand, in batches of about `batchBytes` uncompressed, so each step is short. */
function batches(infos: UnzipFileInfo[], batchBytes: number): UnzipFileInfo[][] {
  const result: UnzipFileInfo[][] = [];
  let current: UnzipFileInfo[] = [];
  let bytes = 0;
  for (const info of infos) {
    if (current.length > 0 && bytes + info.originalSize > batchBytes) {
      result.push(current);
      current = [];
      bytes = 0;
    }
    current.push(info);
    bytes += info.originalSize;
  }
  if (current.length > 0) result.push(current);
  return result;
}

function skipReason(info: UnzipFileInfo): string | null {
  const kind = pathKind(normalisePath(info.name));
  if (kind === "zip") return "a zip inside a zip: unpack it and upload the inner zip";
  if (kind === "other") return "not a JSON or JSONL file";
  if (info.compression !== STORED && info.compression !== DEFLATE) return "compressed with a method other than deflate";
  return null;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The JSON and JSONL files of a zip, named by their path inside it; folders, `__MACOSX/` and dotfiles are
 * dropped. Expands in batches with a pause between them (large entries inflate in a worker), so a page
 * that calls this stays responsive.
 */
export async function readZip(
  data: Uint8Array,
  { batchBytes = BATCH_BYTES, pause = nextTask } = {},
): Promise<ZipContents> {
  const infos: UnzipFileInfo[] = [];
  await expand(data, (info) => {
    infos.push(info);
    return false;
  });
  const wanted: UnzipFileInfo[] = [];
  const skipped: SkippedFile[] = [];
  for (const info of infos) {
    if (pathKind(normalisePath(info.name)) === "junk") continue;
    const reason = skipReason(info);
    if (reason) skipped.push({ path: normalisePath(info.name), reason });
    else wanted.push(info);
  }
  const entries: ZipEntry[] = [];
  for (const batch of batches(wanted, batchBytes)) {
    const names = new Set(batch.map((info) => info.name));
    const files = await expand(data, (info) => names.has(info.name));
    for (const info of batch) {
      const content = files[info.name];
      if (content) entries.push({ path: normalisePath(info.name), data: content });
    }
    await pause();
  }
  return { entries, skipped };
}
