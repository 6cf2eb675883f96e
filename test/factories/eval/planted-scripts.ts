/**
 * A generated project of the knowledge evaluation (docs/knowledge-eval.md#the-labelled-sets) whose program is a
 * script run by hand, next to what a session only tried: a scratch script written and run within one session, a
 * flag tried once, a warning printed above the exception that failed the run, a dependency manifest edited in two
 * sessions and an environment's activation the user typed for the agent; the program runs on conda's base Python,
 * not in the environment created for it; commits stay local on one branch; the project's own CLI, named like its
 * folder, runs once. The seed picks the names.
 */
import {
  anti,
  escapeRegex as esc,
  fact,
  home,
  passes,
  ProjectBuilder,
  thanks,
  type ClassContext,
  type PlantedProject,
} from "./planting";
import type { SessionWriter } from "./session-writer";

/** A Python program that fails with an exception below a library's warning, its own output after it. */
function tracebackBelowWarning(program: string, exception: string): string {
  return [
    "/opt/conda/lib/python3.11/site-packages/transformers/utils/generic.py:260: FutureWarning: `torch.utils._pytree._register_pytree_node` is deprecated.",
    "  torch.utils._pytree._register_pytree_node(",
    "Traceback (most recent call last):",
    `  File "${program}", line 385, in <module>`,
    "    main()",
    exception,
    ...Array.from(
      { length: 30 },
      (_, i) => `Rendering phrase ${i + 1} of 30: scale minor, tempo 0.5, timbre organ, layers 4`,
    ),
    "Press Enter to continue...",
  ].join("\n");
}

export function scriptsRunByHand(ctx: ClassContext): PlantedProject {
  const { random } = ctx;
  // Every program's name holds a word that also names a reader (ai, agent, claude): a name, not an order.
  const program = random.pick(["mix_ai.py", "render_agent_replies.py", "claude_log_digest.py", "train_ai_model.py"]);
  const scratch = random.pick(["try_render.py", "quick_check.py", "debug_mix.py"]);
  const exception = random.pick([
    "EOFError: EOF when reading a line",
    "KeyError: 'tempo'",
    "ZeroDivisionError: division by zero",
  ]);
  const env = random.pick(["mx311", "proj312", "lab310"]);
  const test = random.pick(["pytest", "pytest -q"]);
  const probe = random.pick(["--cov-fail-under=95", "--maxfail=7", "--durations=5"]);
  const branch = random.pick(["main", "master", "trunk"]);
  const commit = (s: SessionWriter, subject: string) =>
    s.bash(`git add -A && git commit -m "${subject}"`, {
      output: `[${branch} ${random.token(7).replace(/[g-z]/g, "a")}] ${subject}\n 2 files changed`,
    });
  const cwd = home(ctx);
  const p = new ProjectBuilder(random, cwd, ctx.start);
  p.session("success", "dependency added, the program and the tests run", (s) => {
    s.prompt("Add the audio export to the program");
    s.bash(`conda create -n ${env} python=3.11 -y`, { output: `environment location: /opt/conda/envs/${env}\ndone` });
    s.prompt(`conda activate ${env}`);
    s.bash(`conda activate ${env}`);
    s.prompt(`conda activate ${env}`);
    s.bash(`conda activate ${env}`);
    s.edit("requirements.txt", "numpy", "numpy\nsoundfile");
    s.bash("pip install -r requirements.txt", { output: "Successfully installed soundfile-0.12.1" });
    s.edit(program, "def export():", "def export(path):");
    s.bash(`python ${program}`, { output: "exported 3 phrases" });
    // The project's own command-line program, named like its folder, run once to check the install.
    s.bash(`${ctx.name} --version`, { output: `${ctx.name} 0.3.1` });
    passes(s, test);
    passes(s, test);
    commit(s, "Add the audio export");
    thanks(s, random);
  });
  p.session("success", "the program failed, a scratch script tried, the program fixed and run again", (s) => {
    s.prompt("The program stops halfway when it runs unattended, fix it");
    s.edit("requirements.txt", "soundfile", "soundfile\nscipy");
    s.bash(`python ${program}`, { exit: 1, output: tracebackBelowWarning(`${cwd}/${program}`, exception) });
    s.write(scratch, `from ${program.replace(/\.py$/, "")} import main\nmain(unattended=True)\n`);
    s.bash(`python ${scratch}`, { output: "exported 3 phrases" });
    s.bash(`python ${scratch}`, { output: "exported 3 phrases" });
    s.edit(program, "input(", "time.sleep(3)  # was input(");
    s.bash(`python ${program}`, { output: "exported 3 phrases" });
    passes(s, test);
    s.bash(`${test} ${probe}`, { output: "12 passed in 1.4s" });
    passes(s, test);
    commit(s, "Run unattended without waiting for input");
    commit(s, "Note the unattended mode in the README");
    thanks(s, random);
  });
  const name = exception.split(":")[0]!;
  return p.planted(
    "scripts run by hand",
    [
      fact("script-run", "high", "run", `The program is run with \`python ${program}\`.`, esc(`python ${program}`), {
        sessions: 2,
        repeated: true,
      }),
      fact(
        "script-failure",
        "medium",
        "failure-fix",
        `\`python ${program}\` failed with ${name} when run unattended; editing ${program} fixed it.`,
        esc(name),
        { sessions: 1, repeated: false },
      ),
      fact(
        "script-cli",
        "medium",
        "run",
        `The project's own CLI is \`${ctx.name}\` (\`${ctx.name} --version\`).`,
        `${esc(ctx.name)}\\s+--version`,
        { sessions: 1, repeated: false },
      ),
      fact("script-test", "medium", "test", `Run the tests with \`${test}\`.`, esc(test), {
        sessions: 2,
        repeated: true,
      }),
      fact(
        "script-base-python",
        "medium",
        "env",
        `The program ran on conda's base Python, not in \`${env}\`.`,
        `\\bbase\\b[^\\n]{0,60}(?:conda|python|interpreter)[^\\n]{0,120}${esc(env)}`,
        { sessions: 1, repeated: false },
      ),
      fact(
        "script-local-branch",
        "medium",
        "git",
        `Commits are made on \`${branch}\` and stay local: never pushed.`,
        `${esc(branch)}\`?[^\\n]{0,40}\\bstay local|local[^\\n]{0,40}\\bon \`?${esc(branch)}\\b`,
        { sessions: 2, repeated: true },
      ),
    ],
    [
      anti(
        "script-scratch",
        `${scratch} was written and run within one session to try something: not the project's program, nor part of the fix.`,
        esc(scratch),
        `Run: \`python ${scratch}\``,
      ),
      anti(
        "script-warning",
        "The warning printed above the exception is not what failed the run.",
        "FutureWarning|_register_pytree_node",
        `\`python ${program}\` fails with a FutureWarning.`,
      ),
      anti(
        "script-probe",
        `\`${test} ${probe}\` was a flag tried once, not a form of the test command.`,
        esc(probe),
        `Tests: \`${test}\`. Also: \`${test} ${probe}\`.`,
        { quoted: true },
      ),
      anti(
        "script-manifest",
        "requirements.txt changes whenever a dependency is added: a hot spot of it teaches nothing.",
        "requirements\\.txt`? is a hot spot",
        "`requirements.txt` is a hot spot: modified in 2 sessions.",
      ),
      anti(
        "script-activation-quote",
        "The activation the user typed for the agent, quoted without what it is for.",
        `[“"]conda activate ${env}`,
        `> “conda activate ${env}” — said by the user`,
        { quoted: true },
      ),
    ],
  );
}
