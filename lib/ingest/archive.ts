import { unzipSync } from "fflate";
import { ApiError } from "@/lib/http/errors";

export interface NamedContent {
  name: string;
  content: Uint8Array | string;
}

const isZip = (bytes: Uint8Array | string) =>
  typeof bytes !== "string" && bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** Folders, macOS resource forks and hidden files carry no trajectories. */
export function isJunkEntry(path: string): boolean {
  return path.endsWith("/") || path.split("/").some((segment) => segment === "__MACOSX" || segment.startsWith("."));
}

/** The smallest record of one entry in a zip's central directory: an archive listing more entries than its size holds lies. */
const MIN_ENTRY_BYTES = 46;

const unreadable = (name: string, why: string) => new ApiError(422, "invalid_archive", `${name}: not a readable zip archive (${why}).`);

/**
 * Replaces every zip archive (recognised by its signature, whatever its name) by the files inside it, named
 * `<archive>/<path inside>`, so a zipped `~/.claude/projects` keeps its folder layout. The uncompressed total
 * is capped at `maxBytes` (413), so a small archive cannot expand without bound: each entry counts the larger
 * of its stored and its declared size, since a stored entry is copied whole whatever size it declares. An
 * archive whose directory claims more entries than it has room for is refused before they are walked.
 */
export function expandArchives<T extends NamedContent>(files: readonly T[], maxBytes: number): NamedContent[] {
  return files.flatMap((file): NamedContent[] => {
    if (!isZip(file.content)) return [file];
    const room = file.content.length / MIN_ENTRY_BYTES;
    let listed = 0;
    let total = 0;
    let entries: Record<string, Uint8Array>;
    try {
      entries = unzipSync(file.content as Uint8Array, {
        filter: (entry) => {
          listed += 1;
          if (listed > room) throw unreadable(file.name, "its directory lists more entries than it holds");
          // fflate collects entries in a plain object, where this name would replace the prototype instead of adding a file.
          if (entry.name === "__proto__") throw unreadable(file.name, 'an entry named "__proto__" cannot be unpacked; rename it');
          if (isJunkEntry(entry.name)) return false;
          total += Math.max(entry.size, entry.originalSize);
          if (total > maxBytes) {
            throw new ApiError(413, "payload_too_large", `${file.name}: the archive expands to more than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
          }
          return true;
        },
      });
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw unreadable(file.name, (error as Error).message);
    }
    return Object.entries(entries).map(([path, content]) => ({ name: `${file.name}/${path}`, content }));
  });
}
