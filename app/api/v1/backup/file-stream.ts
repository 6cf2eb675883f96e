import type { FileHandle } from "node:fs/promises";

/** Read from disk per pull: the consumer asks for the next chunk only once it took the last one. */
const CHUNK_BYTES = 256 * 1024;

/**
 * A response body read from an open file a chunk at a time, so memory stays flat whatever the file's size. The
 * handle is closed at the end, on a read error, and when the client goes away (the body is cancelled).
 */
export function fileStream(handle: FileHandle): ReadableStream<Uint8Array> {
  let position = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { bytesRead, buffer } = await handle.read({ buffer: Buffer.allocUnsafe(CHUNK_BYTES), position });
        if (bytesRead === 0) {
          await handle.close();
          controller.close();
          return;
        }
        position += bytesRead;
        controller.enqueue(buffer.subarray(0, bytesRead));
      } catch (error) {
        await handle.close();
        controller.error(error);
      }
    },
    cancel: () => handle.close(),
  });
}
