import cliProgress from "cli-progress";
import { formatBytes } from "../lib/upload/format-bytes";

export interface Progress {
  advance: (files: number, bytes: number) => void;
  stop: () => void;
}

/**
 * A progress bar of files and bytes on stderr; silent when stderr is not a terminal (pipes, hooks, CI).
 */
export function createProgress(
  total: { files: number; bytes: number },
  stream: NodeJS.WriteStream = process.stderr,
): Progress {
  if (!stream.isTTY) return { advance() {}, stop() {} };
  const bar = new cliProgress.SingleBar(
    {
      format:
        "Uploading {bar} {percentage}% | {filesDone}/{filesTotal} files | {bytesDone} / {bytesTotal} | ETA {eta_formatted}",
      stream,
      hideCursor: true,
      barsize: 30,
      etaBuffer: 20,
    },
    cliProgress.Presets.shades_classic,
  );
  let files = 0;
  let bytes = 0;
  const payload = () => ({
    filesDone: files,
    filesTotal: total.files,
    bytesDone: formatBytes(bytes),
    bytesTotal: formatBytes(total.bytes),
  });
  bar.start(Math.max(1, total.bytes), 0, payload());
  return {
    advance(moreFiles, moreBytes) {
      files += moreFiles;
      bytes += moreBytes;
      bar.update(bytes, payload());
    },
    stop() {
      bar.stop();
    },
  };
}
