import type { PickedFile } from "@/lib/upload/collect";
import { isSkippedFolder, normalisePath } from "@/lib/upload/paths";

function entries(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => reader.readEntries(resolve, reject));
}

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

async function walk(entry: FileSystemEntry, into: PickedFile[]): Promise<void> {
  if (entry.isFile) {
    into.push({ path: normalisePath(entry.fullPath), file: await fileOf(entry as FileSystemFileEntry) });
    return;
  }
  if (!entry.isDirectory || isSkippedFolder(entry.name)) return;
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  // readEntries answers in chunks (100 at a time in Chromium) until it answers an empty list.
  for (let chunk = await entries(reader); chunk.length > 0; chunk = await entries(reader)) {
    for (const child of chunk) await walk(child, into);
  }
}

/**
 * The files of a drop, folders walked recursively, each with its path relative to the drop ("projects/-x/a.jsonl").
 * The entries must be taken from the DataTransfer during the drop event itself, so call this synchronously there.
 */
export function droppedFiles(data: DataTransfer): Promise<PickedFile[]> {
  const roots = [...data.items].filter((item) => item.kind === "file").map((item) => item.webkitGetAsEntry());
  if (roots.some((root) => root === null))
    return Promise.resolve([...data.files].map((file) => ({ path: file.name, file })));
  return (async () => {
    const files: PickedFile[] = [];
    for (const root of roots) await walk(root as FileSystemEntry, files);
    return files;
  })();
}

/** The files of an `<input type=file>`, with the folder path when a folder was chosen. */
export function chosenFiles(list: FileList): PickedFile[] {
  return [...list].map((file) => ({ path: file.webkitRelativePath || file.name, file }));
}
