/**
 * What a failed shell run says about its command. A run whose tool ran and reported problems (red tests, lint or
 * type errors) used a valid form: the code was wrong, not the command. A run that failed to start (the program or a
 * module missing, a file or option unknown, the wrong interpreter) used a wrong form. Anything else says neither.
 */

export type RunOutcome = "passed" | "problems" | "did-not-run" | "failed";

/** The tool ran and reported failing tests, assertions or problems found. */
const PROBLEMS =
  /\b\d+\s+(?:fail|failed|failing|failures?|errors?|problems?|warnings?)\b|\btest result: FAILED\b|\bFAILED\b|\bFAIL\b|AssertionError|assert(?:ion)? failed|panicked at|\bTests?:\s+\d+\s+failed|[✗✕×]\s|Found \d+ errors?|\berror\[E\d+\]|\berror TS\d+|\bE\d{3}\b|\b[A-Z]{1,4}\d{3,4}\b/;

/** The command did not run as written: the program, a module, a file, a script or an option was wrong or missing. */
const DID_NOT_RUN = new RegExp(
  [
    String.raw`command not found`,
    String.raw`: not found\b`,
    String.raw`No such file or directory`,
    String.raw`ModuleNotFoundError`,
    String.raw`No module named`,
    String.raw`Cannot find module`,
    String.raw`ERR_MODULE_NOT_FOUND`,
    String.raw`unknown (?:option|command|flag|argument|subcommand)`,
    String.raw`unrecognized (?:option|arguments?|subcommand)`,
    String.raw`unexpected argument`,
    String.raw`invalid (?:option|choice)`,
    String.raw`no such (?:command|option|subcommand)`,
    String.raw`Missing script`,
    String.raw`is not recognized as`,
    String.raw`could not determine executable`,
    String.raw`No rule to make target`,
    String.raw`bad interpreter`,
    String.raw`cannot execute`,
    String.raw`not installed`,
    String.raw`file or directory not found`,
    String.raw`no tests? (?:ran|found|collected)`,
    String.raw`No test files found`,
  ].join("|"),
  "i",
);

/** The outcome of one run from its error flag and output. */
export function runOutcome(isError: boolean, output: string | null): RunOutcome {
  if (!isError) return "passed";
  const text = output ?? "";
  if (
    DID_NOT_RUN.test(text) &&
    !/\b\d+\s+(?:fail|failed|failing)\b|test result: FAILED|AssertionError|panicked at/.test(text)
  )
    return "did-not-run";
  return PROBLEMS.test(text) ? "problems" : "failed";
}
