import { ApiError } from "@/lib/api-error";
import { inMegabytes } from "@/lib/format";
import type { RecordError } from "./types";
import { RefusedFile, type NamedFile, type RangedFile } from "./named-file";
import { entryRange, readEntry, readZipDirectory, type ZipEntry } from "./zip-directory";

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

/**
 * Past `from` bytes of content, an entry may not hold more than `ratio` times the bytes it takes in the archive.
 * Text compresses 3–20 times (a transcript about 8); zeros, or one character repeated, compress about 1,000 times,
 * which is what zip bombs are made of.
 */
export const COMPRESSION_LIMIT = { ratio: 100, from: 1024 * 1024 };

/** Files one request's archives may hold: each becomes a file to parse and a line of the report. */
export const MAX_ENTRIES = 100_000;

export interface ArchiveLimits {
  /** Bytes one entry may hold once inflated (the body limit: no file of an archive may be larger than a file sent alone). */
  entryBytes: number;
  /** Bytes all the request's entries may hold together. */
  totalBytes: number;
}

/** A zip is recognised by its first bytes, whatever its name, without reading it whole. */
function isZip(file: RangedFile): boolean {
  if (file.size < ZIP_SIGNATURE.length) return false;
  const head = file.slice(0, ZIP_SIGNATURE.length);
  return ZIP_SIGNATURE.every((byte, i) => head[i] === byte);
}

/** Folders, macOS resource forks and hidden files carry no sessions. */
export function isJunkEntry(path: string): boolean {
  return path.endsWith("/") || path.split("/").some((segment) => segment === "__MACOSX" || segment.startsWith("."));
}

/** A path that climbs out of the archive's folder (a `..` segment) or starts at a root (`/x`, `\x`, `C:\x`). */
export function leavesArchive(path: string): boolean {
  return /^([a-z]:)?[\\/]/i.test(path) || path.split(/[\\/]/).includes("..");
}

const unreadable = (name: string, why: string) =>
  new ApiError(422, "invalid_archive", `${name}: not a readable zip archive (${why}).`);
const damaged = (why: string): RecordError => ({
  line: null,
  field: null,
  message: `not a readable zip archive (${why})`,
});

/** A file of the archive that is refused whole without being read, with its reason. */
function refusedEntry(name: string, error: RecordError): NamedFile {
  return {
    name,
    size: 0,
    read: async () => {
      throw new RefusedFile(error);
    },
  };
}

/** What the request's entries have held so far: declared when they are listed, inflated as they are read. */
interface Budget {
  entries: number;
  declared: number;
  inflated: number;
}

/** Why an entry is refused from what its directory record says, before a byte of it is read; null when it may be read. */
function refusal(entry: ZipEntry, size: number, limits: ArchiveLimits): RecordError | null {
  if (leavesArchive(entry.name)) {
    return {
      line: null,
      field: "path",
      message: `the entry "${entry.name}" points outside the archive's folder (a ".." segment or an absolute path); it was not read`,
    };
  }
  if (entry.method !== 0 && entry.method !== 8) return damaged(`it uses unknown compression type ${entry.method}`);
  if (size > limits.entryBytes) {
    const message = `the entry holds ${inMegabytes(size)} MB, more than the ${inMegabytes(limits.entryBytes)} MB limit of one file (STARLIGHT_MAX_BODY_MB); it was not inflated`;
    return { line: null, field: null, message };
  }
  const { ratio, from } = COMPRESSION_LIMIT;
  if (entry.method === 8 && size > from && size > ratio * entry.storedSize) {
    const message = `the entry is compressed more than ${ratio}:1 (${size} bytes in ${entry.storedSize}), as zip bombs are; it was not inflated`;
    return { line: null, field: null, message };
  }
  return null;
}

/**
 * One entry as a file of its own, read from the archive and inflated when it is read, and stopped the moment it
 * goes past the compression limit or the request's inflated total.
 */
function entryFile(
  archive: RangedFile,
  entry: ZipEntry,
  name: string,
  size: number,
  limits: ArchiveLimits,
  budget: Budget,
): NamedFile {
  let range: { start: number; end: number };
  try {
    range = entryRange(archive, entry);
  } catch (error) {
    return refusedEntry(name, damaged((error as Error).message));
  }
  const read = async () => {
    let counted = 0;
    const watch = (content: number, taken: number) => {
      budget.inflated += content - counted;
      counted = content;
      const { ratio, from } = COMPRESSION_LIMIT;
      if (content > from && content > ratio * taken) {
        throw new RefusedFile({
          line: null,
          field: null,
          message: `the entry inflates more than ${ratio}:1, as zip bombs do; inflating it stopped at ${inMegabytes(content)} MB`,
        });
      }
      if (budget.inflated > limits.totalBytes) {
        throw new RefusedFile({
          line: null,
          field: null,
          message: `the upload's archives inflate to more than ${inMegabytes(limits.totalBytes)} MB; inflating this entry stopped`,
        });
      }
    };
    try {
      return await readEntry(archive, entry, range, watch);
    } catch (error) {
      throw error instanceof RefusedFile ? error : new RefusedFile(damaged((error as Error).message));
    }
  };
  return { name, size, read };
}

function expandArchive(archive: RangedFile, limits: ArchiveLimits, budget: Budget): NamedFile[] {
  let entries: ZipEntry[];
  try {
    entries = readZipDirectory(archive);
  } catch (error) {
    throw unreadable(archive.name, (error as Error).message);
  }
  budget.entries += entries.length;
  if (budget.entries > MAX_ENTRIES) {
    throw new ApiError(
      413,
      "payload_too_large",
      `${archive.name}: the upload's archives hold more than ${MAX_ENTRIES.toLocaleString("en")} files; send them in several requests.`,
    );
  }
  return entries.flatMap((entry) => {
    const name = `${archive.name}/${entry.name}`;
    if (!leavesArchive(entry.name) && isJunkEntry(entry.name)) return [];
    const size = entry.method === 0 ? entry.storedSize : entry.declaredSize;
    const refused = refusal(entry, size, limits);
    if (refused) return [refusedEntry(name, refused)];
    budget.declared += size;
    if (budget.declared > limits.totalBytes) {
      throw new ApiError(
        413,
        "payload_too_large",
        `${archive.name}: the archive expands to more than ${inMegabytes(limits.totalBytes)} MB.`,
      );
    }
    return [entryFile(archive, entry, name, size, limits, budget)];
  });
}

/**
 * Replaces every zip archive (recognised by its signature, whatever its name) by the files inside it, named
 * `<archive>/<path inside>`, so a zipped `~/.claude/projects` keeps its folder layout. Only the archives' directories
 * are read here; each entry is read and inflated, as a stream, when it is itself read, so neither an archive nor its
 * contents sit in memory whole, and none is inflated unless it is read.
 *
 * What the directory says is checked first, so a zip bomb is refused without inflating anything: an entry larger
 * than `entryBytes`, or compressed past the compression limit, or whose path leaves the archive's folder, stays in
 * the list as a file refused with its reason (it is reported as rejected, the rest goes on). The entries of all
 * archives together may hold `totalBytes` (413 for the request when their sizes say more), and may list
 * `MAX_ENTRIES`. What the directory says is then held to while inflating: an entry is stopped the moment it inflates
 * past the size it declares (damaged), past the compression limit, or the request's inflated bytes past `totalBytes`.
 * A damaged directory is refused here (422); a damaged entry when it is read, as a refused file.
 */
export function expandArchives(files: readonly RangedFile[], limits: ArchiveLimits): NamedFile[] {
  const budget: Budget = { entries: 0, declared: 0, inflated: 0 };
  return files.flatMap((file) => (isZip(file) ? expandArchive(file, limits, budget) : [file]));
}
