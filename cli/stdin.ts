import { CliError } from "./errors";

const STDIN_TIMEOUT_MS = 10_000;

/**
 * A hook payload on stdin (docs/formats.md#claude-code-hooks), read whole.
 * @param what what the command expects there, for the error when stdin is a terminal
 */
export function readStdin(what: string): Promise<string> {
  if (process.stdin.isTTY) return Promise.reject(new CliError(`expected ${what} on stdin`));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const timer = setTimeout(
      () => reject(new CliError(`no hook payload on stdin after ${STDIN_TIMEOUT_MS / 1000} s`)),
      STDIN_TIMEOUT_MS,
    );
    process.stdin.on("data", (chunk) => chunks.push(chunk));
    process.stdin.on("end", () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString("utf8"));
    });
    process.stdin.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}
