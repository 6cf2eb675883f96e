// @ts-check

/** A failure the user can act on: printed as "starlight: <message>" without a stack trace. */
export class CliError extends Error {
  /**
   * @param {string} message
   * @param {number} [exitCode]
   */
  constructor(message, exitCode = 1) {
    super(message);
    this.name = "CliError";
    this.exitCode = exitCode;
  }
}

/** A mistake on the command line: printed with a pointer to --help, exit code 2. */
export class UsageError extends CliError {
  /** @param {string} message */
  constructor(message) {
    super(message, 2);
    this.name = "UsageError";
  }
}
