import fs from "node:fs";
import type { FileHandle } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { RangedFile } from "@/lib/ingest/named-file";

/** An uploaded file kept in the spill: a range of it, read from disk each time it is asked for. */
export interface SpilledFile extends RangedFile {
  read(): Promise<Buffer>;
}

/** Parts up to this size are read at once, off the open file: a thread-pool round trip would cost more than the read. */
const SYNC_READ_BYTES = 64 * 1024;

/** Bytes of parts gathered before they are written: a small part is not worth a write of its own. */
const WRITE_BYTES = 1024 * 1024;

function readRange(fd: number, offset: number, length: number): Buffer {
  const out = Buffer.allocUnsafe(length);
  for (let done = 0; done < length; ) {
    const read = fs.readSync(fd, out, done, length - done, offset + done);
    if (read === 0) throw new Error(`the upload's temp file ends before byte ${offset + length}`);
    done += read;
  }
  return out;
}

function spilledFile(handle: FileHandle, name: string, offset: number, size: number): SpilledFile {
  const slice = (start: number, end: number) => {
    const from = Math.min(Math.max(start, 0), size);
    return readRange(handle.fd, offset + from, Math.max(Math.min(end, size) - from, 0));
  };
  const read = async () => {
    if (size <= SYNC_READ_BYTES) return readRange(handle.fd, offset, size);
    const out = Buffer.allocUnsafe(size);
    for (let done = 0; done < size; ) {
      const { bytesRead } = await handle.read(out, done, size - done, offset + done);
      if (bytesRead === 0) throw new Error(`the upload's temp file ends before byte ${offset + size}`);
      done += bytesRead;
    }
    return out;
  };
  return { name, size, slice, read };
}

/**
 * The temp file an upload is written to as it streams in, alone in a folder of its own under the system's temp
 * folder. Each part is appended in turn (small ones gathered into writes of about WRITE_BYTES) and read back later by
 * its range from the same open file, so the request's bytes never sit in memory together, and one file holds them
 * however many parts the form has.
 */
export class Spill {
  private written = 0;
  private gathered: Buffer[] = [];
  private gatheredBytes = 0;
  private disposed: Promise<void> | null = null;

  private constructor(
    private readonly dir: string,
    private readonly handle: FileHandle,
  ) {}

  static async open(): Promise<Spill> {
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "starlight-upload-"));
    try {
      return new Spill(dir, await fs.promises.open(path.join(dir, "body"), "wx+"));
    } catch (error) {
      await fs.promises.rm(dir, { recursive: true, force: true });
      throw error;
    }
  }

  private async write(): Promise<void> {
    const bytes = Buffer.concat(this.gathered);
    this.gathered = [];
    this.gatheredBytes = 0;
    await this.handle.appendFile(bytes);
  }

  /**
   * Appends one part, chunk after chunk (the next is not taken before the bytes gathered are written, so a slow disk
   * slows the upload rather than filling memory); the chunks' source stops it by throwing.
   */
  async append(name: string, chunks: AsyncIterable<Buffer>): Promise<SpilledFile> {
    const offset = this.written;
    for await (const chunk of chunks) {
      this.gathered.push(chunk);
      this.gatheredBytes += chunk.length;
      this.written += chunk.length;
      if (this.gatheredBytes >= WRITE_BYTES) await this.write();
    }
    return spilledFile(this.handle, name, offset, this.written - offset);
  }

  /** Writes what is gathered, once every part is appended: the parts can then be read. */
  async finish(): Promise<void> {
    await this.write();
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
