import { normalisePath, pathKind } from "./paths";
import { readZip, type SkippedFile } from "./unzip";

/** A file the user picked or dropped, or an entry of a zip, with its relative path. */
export interface PickedFile {
  path: string;
  file: Blob;
}

export interface Collected {
  files: PickedFile[];
  skipped: SkippedFile[];
}

const NOT_JSON = "not a JSON or JSONL file";

/**
 * The files to upload: JSON and JSONL files as they are (never read here, so the browser streams them),
 * zips unpacked into their entries; junk is dropped, anything else is listed as skipped with the reason.
 * `onZip` hears each zip before it is unpacked.
 */
export async function collectFiles(
  picked: readonly PickedFile[],
  onZip: (path: string) => void = () => undefined,
): Promise<Collected> {
  const files: PickedFile[] = [];
  const skipped: SkippedFile[] = [];
  for (const item of picked) {
    const path = normalisePath(item.path);
    const kind = pathKind(path);
    if (kind === "ingest") files.push({ path, file: item.file });
    else if (kind === "other") skipped.push({ path, reason: NOT_JSON });
    else if (kind === "zip") {
      onZip(path);
      try {
        const zip = await readZip(new Uint8Array(await item.file.arrayBuffer()));
        files.push(
          ...zip.entries.map((entry) => ({
            path: entry.path,
            file: new Blob([entry.data as Uint8Array<ArrayBuffer>]),
          })),
        );
        skipped.push(...zip.skipped.map((s) => ({ path: `${path}: ${s.path}`, reason: s.reason })));
      } catch (error) {
        skipped.push({
          path,
          reason: `could not be read as a zip (${error instanceof Error ? error.message : String(error)})`,
        });
      }
    }
  }
  return { files, skipped };
}
