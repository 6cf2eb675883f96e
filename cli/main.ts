import { USAGE, parseCommandLine } from "./args";
import { CliError, UsageError } from "./errors";
import { runAblate } from "./ablate";
import { runGuidance } from "./guidance";
import { runGuidanceWrite } from "./guidance-write";
import { runHook } from "./hook";
import { runImport, runImportHome } from "./import";
import { runEvent } from "./event";
import { runPush } from "./push";

// Read at build time: the bundle carries the version, so a copy without the repository (the plugin's) knows it too.
import { version } from "../package.json";

/**
 * Runs the `starlight` command line; answers the exit code.
 * @param argv arguments after the script path
 */
export async function main(argv: string[]): Promise<number> {
  try {
    const { command, positionals, options } = parseCommandLine(argv);
    if (
      (command === "push" || command === "event" || command === "guidance" || command === "hook") &&
      process.env.STARLIGHT_ABLATION === "1"
    ) {
      // An agent run by `starlight ablate`: its hooks must neither give the control arm guidance nor upload the
      // run as project history (docs/ablation.md).
      process.stderr.write(`starlight ${command}: inside an ablation run (STARLIGHT_ABLATION=1), so nothing is done\n`);
      return 0;
    }
    switch (command) {
      case "help":
        process.stdout.write(USAGE);
        return 0;
      case "version":
        process.stdout.write(`starlight ${version}\n`);
        return 0;
      case "push":
        return await runPush(options);
      case "event":
        return await runEvent(options);
      case "guidance":
        return options.write ? await runGuidanceWrite(options) : await runGuidance(options);
      case "ablate":
        return await runAblate(options);
      case "hook":
        return await runHook(positionals[0] as "pre-tool" | "post-tool", options);
      case "import":
        return positionals[0] === undefined ? await runImportHome(options) : await runImport(positionals[0], options);
      case "restore": {
        // Loaded only here: hooks run the other commands and should not pay for the SQLite driver.
        const { runRestore } = await import("./restore");
        return await runRestore(positionals[0] as string, options);
      }
    }
  } catch (error) {
    if (argv[0] === "hook" && error instanceof CliError) {
      // A tool-call hook must never stop the call: say why, print nothing on stdout, exit 0.
      process.stderr.write(`starlight hook: ${error.message} — the call goes on without a note\n`);
      return 0;
    }
    if (argv[0] === "guidance" && error instanceof CliError) {
      // A SessionStart hook must never break the session: say why, print nothing on stdout, exit 0.
      const outcome = argv.includes("--write") ? "nothing written" : "printing nothing so the session starts normally";
      process.stderr.write(`starlight guidance: ${error.message} — ${outcome}\n`);
      return 0;
    }
    if (error instanceof UsageError) {
      process.stderr.write(`starlight: ${error.message}\nRun "starlight --help" for usage.\n`);
      return error.exitCode;
    }
    if (error instanceof CliError) {
      process.stderr.write(`starlight: ${error.message}\n`);
      return error.exitCode;
    }
    process.stderr.write(`starlight: unexpected error: ${(error as Error)?.stack ?? String(error)}\n`);
    return 1;
  }
}
