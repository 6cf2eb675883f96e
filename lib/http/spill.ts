import fs from "node:fs";
import type { FileHandle } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { RangedFile } from "@/lib/ingest/named-file";

/** An uploaded file kept in the spill: a range of it, read from disk each time it is asked for. */
export interface SpilledFile extends RangedFile {
  read(): Promise<Buffer>;
}

function readRange(file: string, offset: number, length: number): Buffer {
  const out = Buffer.allocUnsafe(length);
  const fd = fs.openSync(file, "r");
  try {
    for (let done = 0; done < length; ) {
      const read = fs.readSync(fd, out, done, length - done, offset + done);
      if (read === 0) throw new Error(`${file} ends before byte ${offset + length}`);
      done += read;
    }
  } finally {
    fs.closeSync(fd);
  }
  return out;
}

function spilledFile(file: string, name: string, offset: number, size: number): SpilledFile {
  const slice = (start: number, end: number) => {
    const from = Math.min(Math.max(start, 0), size);
    return readRange(file, offset + from, Math.max(Math.min(end, size) - from, 0));
  };
  const read = async () => {
    const out = Buffer.allocUnsafe(size);
    const handle = await fs.promises.open(file, "r");
    try {
      for (let done = 0; done < size; ) {
        const { bytesRead } = await handle.read(out, done, size - done, offset + done);
        if (bytesRead === 0) throw new Error(`${file} ends before byte ${offset + size}`);
        done += bytesRead;
      }
    } finally {
      await handle.close();
    }
    return out;
  };
  return { name, size, slice, read };
}

/**
 * The temp file an upload is written to as it streams in, alone in a folder of its own under the system's temp
 * folder. Each part is appended in turn and read back later by its range, so the request's bytes never sit in memory
 * together, and one file holds them however many parts the form has.
 */
export class Spill {
  private written = 0;
  private disposed: Promise<void> | null = null;

  private constructor(
    private readonly dir: string,
    private readonly file: string,
    private readonly handle: FileHandle,
  ) {}

  static async open(): Promise<Spill> {
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "starlight-upload-"));
    const file = path.join(dir, "body");
    try {
      return new Spill(dir, file, await fs.promises.open(file, "wx"));
    } catch (error) {
      await fs.promises.rm(dir, { recursive: true, force: true });
      throw error;
    }
  }

  /**
   * Appends one part, chunk after chunk (the next is not taken before this one is written, so a slow disk slows the
   * upload rather than filling memory); the chunks' source stops it by throwing.
   */
  async append(name: string, chunks: AsyncIterable<Buffer>): Promise<SpilledFile> {
    const offset = this.written;
    for await (const chunk of chunks) {
      await this.handle.appendFile(chunk);
      this.written += chunk.length;
    }
    return spilledFile(this.file, name, offset, this.written - offset);
  }

  /** Closes the file once every part is written: it is read back by path. */
  async close(): Promise<void> {
    await this.handle.close();
  }

  /** Removes the file and its folder (closing it first, after any write in progress); safe to call again. */
  dispose(): Promise<void> {
    this.disposed ??= this.handle
      .close()
      .catch(() => undefined)
      .then(() => fs.promises.rm(this.dir, { recursive: true, force: true }));
    return this.disposed;
  }
}
