// @ts-check
import cliProgress from "cli-progress";
import { formatBytes } from "../lib/upload/format-bytes";

/**
 * @typedef {object} Progress
 * @property {(files: number, bytes: number) => void} advance
 * @property {() => void} stop
 */

/**
 * A progress bar of files and bytes on stderr; silent when stderr is not a terminal (pipes, hooks, CI).
 * @param {{ files: number, bytes: number }} total
 * @param {NodeJS.WriteStream} [stream]
 * @returns {Progress}
 */
export function createProgress(total, stream = process.stderr) {
  if (!stream.isTTY) return { advance() {}, stop() {} };
  const bar = new cliProgress.SingleBar(
    {
      format: "Uploading {bar} {percentage}% | {filesDone}/{filesTotal} files | {bytesDone} / {bytesTotal} | ETA {eta_formatted}",
      stream,
      hideCursor: true,
      barsize: 30,
      etaBuffer: 20,
    },
    cliProgress.Presets.shades_classic,
  );
  let files = 0;
  let bytes = 0;
  const payload = () => ({ filesDone: files, filesTotal: total.files, bytesDone: formatBytes(bytes), bytesTotal: formatBytes(total.bytes) });
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
