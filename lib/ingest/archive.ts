import { ApiError } from "@/lib/http/errors";
import { inMegabytes } from "@/lib/http/upload";
import type { NamedFile } from "./named-file";
import { entryRange, readEntry, readZipDirectory, type ZipEntry } from "./zip-directory";

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

/** A zip is recognised by its first bytes, whatever its name, without reading it whole. */
function isZip(file: NamedFile): boolean {
  if (file.size < ZIP_SIGNATURE.length) return false;
  const head = file.slice(0, ZIP_SIGNATURE.length);
  return ZIP_SIGNATURE.every((byte, i) => head[i] === byte);
}

/** Folders, macOS resource forks and hidden files carry no trajectories. */
export function isJunkEntry(path: string): boolean {
  return path.endsWith("/") || path.split("/").some((segment) => segment === "__MACOSX" || segment.startsWith("."));
}

const unreadable = (name: string, why: string) => new ApiError(422, "invalid_archive", `${name}: not a readable zip archive (${why}).`);

/** One entry as a file of its own, read from the archive and inflated only when asked for. */
function entryFile(archive: NamedFile, entry: ZipEntry): NamedFile {
  if (entry.method !== 0 && entry.method !== 8) throw new Error(`${entry.name} uses unknown compression type ${entry.method}`);
  const range = entryRange(archive, entry);
  const name = `${archive.name}/${entry.name}`;
  const read = () => {
    try {
      return readEntry(archive, entry, range);
    } catch (error) {
      throw unreadable(name, (error as Error).message);
    }
  };
  return { name, size: entry.method === 0 ? entry.storedSize : entry.declaredSize, slice: (start, end) => read().subarray(start, end), read };
}

function expandArchive(archive: NamedFile, maxBytes: number): NamedFile[] {
  let total = 0;
  try {
    return readZipDirectory(archive).flatMap((entry) => {
      if (isJunkEntry(entry.name)) return [];
      total += Math.max(entry.storedSize, entry.declaredSize);
      if (total > maxBytes) {
        throw new ApiError(413, "payload_too_large", `${archive.name}: the archive expands to more than ${inMegabytes(maxBytes)} MB.`);
      }
      return [entryFile(archive, entry)];
    });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw unreadable(archive.name, (error as Error).message);
  }
}

/**
 * Replaces every zip archive (recognised by its signature, whatever its name) by the files inside it, named
 * `<archive>/<path inside>`, so a zipped `~/.claude/projects` keeps its folder layout. Only the archive's directory
 * is read here; each entry is read and inflated when it is itself read, so neither the archive nor its contents
 * need sit in memory whole. The uncompressed total is capped at `maxBytes` (413), so a small archive cannot expand
 * without bound: each entry counts the larger of its stored and its declared size, since a stored entry is copied
 * whole whatever size it declares, and a deflated one is never inflated past the size it declares. An archive whose
 * directory claims more entries than it has room for is refused before they are walked; a damaged directory is
 * refused here (422), a damaged entry when it is read (422 naming the entry).
 */
export function expandArchives(files: readonly NamedFile[], maxBytes: number): NamedFile[] {
  return files.flatMap((file) => (isZip(file) ? expandArchive(file, maxBytes) : [file]));
}
