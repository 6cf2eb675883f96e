// Built by `node scripts/build-cli.mjs --plugin` from cli/ and lib/: do not edit, rebuild.
var __defProp = Object.defineProperty;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __esm = (fn, res, err) => function __init() {
  if (err) throw err[0];
  try {
    return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
  } catch (e) {
    throw err = [e], e;
  }
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};

// lib/just-in-time/contract.ts
var EDIT_TOOLS, SHELL_TOOLS;
var init_contract = __esm({
  "lib/just-in-time/contract.ts"() {
    "use strict";
    EDIT_TOOLS = /* @__PURE__ */ new Set([
      "Edit",
      "Write",
      "MultiEdit",
      "NotebookEdit",
      "apply_patch",
      "replace",
      "write_file"
    ]);
    SHELL_TOOLS = /* @__PURE__ */ new Set([
      "Bash",
      "shell",
      "exec_command",
      "local_shell",
      "run_shell_command"
    ]);
  }
});

// lib/just-in-time/failure.ts
function callError(event, response, error) {
  if (event === "PostToolUseFailure") return text(error)?.slice(0, MAX_ERROR_CHARS) ?? "";
  if (typeof response === "string") return EXIT_LINE.test(response) ? response.slice(0, MAX_ERROR_CHARS) : null;
  const exit = field(response, "exit_code") ?? field(response, "exitCode");
  const content = text(field(response, "llmContent"));
  const failed = field(response, "is_error") === true || typeof exit === "number" && exit !== 0 || content !== null && EXIT_LINE.test(content) || text(field(field(response, "error"), "message")) !== null;
  if (!failed) return null;
  const gemini = text(field(response, "returnDisplay")) ?? content;
  const output = [
    field(response, "stderr"),
    field(response, "stdout"),
    field(response, "output"),
    field(response, "content"),
    field(field(response, "error"), "message"),
    gemini
  ].map(text).filter((t) => t !== null);
  return output.join("\n").slice(0, MAX_ERROR_CHARS);
}
var MAX_ERROR_CHARS, EXIT_LINE, field, text;
var init_failure = __esm({
  "lib/just-in-time/failure.ts"() {
    "use strict";
    MAX_ERROR_CHARS = 2e4;
    EXIT_LINE = /^exit code:? [1-9]\d*/im;
    field = (value, name) => value !== null && typeof value === "object" ? value[name] : void 0;
    text = (value) => typeof value === "string" && value.trim() !== "" ? value : null;
  }
});

// lib/ingest/claude-code/project.ts
function projectFromCwd(cwd) {
  const path2 = cwd.replaceAll("\\", "/");
  const worktree = path2.search(/\/\.claude\/worktrees(?:\/|$)/);
  const root = worktree >= 0 ? path2.slice(0, worktree) : path2;
  const folders = root.split("/").filter((p) => p !== "" && !isDrive(p));
  const last = folders.at(-1);
  if (last === void 0) return null;
  if (!GENERIC.has(last.toLowerCase())) return last;
  const parent = folders.slice(0, -1).reverse().find((f) => !GENERIC.has(f.toLowerCase()));
  return parent === void 0 || ROOTS.has(parent.toLowerCase()) ? last : `${parent}-${last}`;
}
var GENERIC, ROOTS, isDrive;
var init_project = __esm({
  "lib/ingest/claude-code/project.ts"() {
    "use strict";
    GENERIC = /* @__PURE__ */ new Set([
      "app",
      "apps",
      "src",
      "code",
      "repo",
      "project",
      "projects",
      "workspace",
      "main",
      "frontend",
      "backend",
      "web",
      "server",
      "client",
      "api"
    ]);
    ROOTS = /* @__PURE__ */ new Set(["home", "users", "root"]);
    isDrive = (folder) => /^[A-Za-z]:$/.test(folder);
  }
});

// lib/project-slug.ts
function toProjectSlug(name) {
  const slug = name.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9._-]+/g, "-").replace(/^[-._]+|[-._]+$/g, "").slice(0, 64).replace(/[-._]+$/g, "");
  return slug.length > 0 ? slug : null;
}
var init_project_slug = __esm({
  "lib/project-slug.ts"() {
    "use strict";
  }
});

// lib/walk/hook-project.ts
import path from "node:path";
function hookProject(payload) {
  const fromCwd = typeof payload.cwd === "string" ? projectFromCwd(payload.cwd) : null;
  const folder = typeof payload.transcript_path === "string" && payload.transcript_path ? path.basename(path.dirname(payload.transcript_path)) : null;
  const hint = fromCwd ?? folder;
  return hint === null ? null : toProjectSlug(hint);
}
var init_hook_project = __esm({
  "lib/walk/hook-project.ts"() {
    "use strict";
    init_project();
    init_project_slug();
  }
});

// cli/errors.ts
var CliError, UsageError;
var init_errors = __esm({
  "cli/errors.ts"() {
    "use strict";
    CliError = class extends Error {
      exitCode;
      constructor(message, exitCode = 1) {
        super(message);
        this.name = "CliError";
        this.exitCode = exitCode;
      }
    };
    UsageError = class extends CliError {
      constructor(message) {
        super(message, 2);
        this.name = "UsageError";
      }
    };
  }
});

// cli/config.ts
function resolveServer(options, env = process.env) {
  const raw = options.url || env.STARLIGHT_URL || DEFAULT_URL;
  let parsed;
  try {
    parsed = new URL(raw);
  } catch {
    throw new UsageError(`"${raw}" is not a URL (expected something like ${DEFAULT_URL})`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
    throw new UsageError(`"${raw}" must start with http:// or https://`);
  const token = options.token || env.STARLIGHT_TOKEN || void 0;
  return { url: parsed.href.replace(/\/+$/, ""), token };
}
var DEFAULT_URL;
var init_config = __esm({
  "cli/config.ts"() {
    "use strict";
    init_errors();
    DEFAULT_URL = "http://localhost:3000";
  }
});

// cli/post-json.ts
import http from "node:http";
async function postJson(url, headers, body, timeoutMs) {
  const target = new URL(url);
  const client = target.protocol === "https:" ? await import("node:https") : http;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      const error = new Error(`no answer within ${timeoutMs} ms`);
      error.name = "TimeoutError";
      request.destroy(error);
    }, timeoutMs);
    const request = client.request(
      target,
      { method: "POST", headers: { ...headers, "content-length": String(Buffer.byteLength(body)) } },
      (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => {
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") });
        });
        response.on("error", reject);
      }
    );
    request.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(body);
  });
}
var init_post_json = __esm({
  "cli/post-json.ts"() {
    "use strict";
  }
});

// cli/stdin.ts
function readStdin(what) {
  if (process.stdin.isTTY) return Promise.reject(new CliError(`expected ${what} on stdin`));
  return new Promise((resolve, reject) => {
    const chunks = [];
    const timer = setTimeout(
      () => reject(new CliError(`no hook payload on stdin after ${STDIN_TIMEOUT_MS / 1e3} s`)),
      STDIN_TIMEOUT_MS
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
var STDIN_TIMEOUT_MS;
var init_stdin = __esm({
  "cli/stdin.ts"() {
    "use strict";
    init_errors();
    STDIN_TIMEOUT_MS = 1e4;
  }
});

// cli/hook.ts
var hook_exports = {};
__export(hook_exports, {
  runHook: () => runHook
});
function slim(payload, moment2) {
  const input = payload.tool_input ?? {};
  const response = payload.tool_response;
  const pick = (from, keys) => Object.fromEntries(
    keys.filter((k) => from[k] !== void 0 && (typeof from[k] === "string" || !TEXT_ONLY.has(k))).map((k) => [k, typeof from[k] === "string" ? capped(from[k]) : from[k]])
  );
  return {
    session_id: payload.session_id,
    cwd: payload.cwd,
    hook_event_name: eventOf(payload, moment2),
    tool_name: payload.tool_name,
    tool_input: pick(input, ["command", "cmd", "file_path", "notebook_path", "path"]),
    tool_response: response !== null && typeof response === "object" ? pick(response, [
      "is_error",
      "exit_code",
      "exitCode",
      "stderr",
      "stdout",
      "output",
      "llmContent",
      "returnDisplay",
      "error"
    ]) : capped(response),
    error: capped(payload.error)
  };
}
async function runHook(moment2, options, env = process.env) {
  try {
    const payload = JSON.parse(await readStdin("the tool call's hook payload (JSON)")) ?? {};
    const tool = String(payload.tool_name ?? "");
    if (!SHELL_TOOLS.has(tool) && !EDIT_TOOLS.has(tool)) return 0;
    if (moment2 === "post-tool" && callError(eventOf(payload, moment2), payload.tool_response, payload.error) === null)
      return 0;
    const project = options.project || env.STARLIGHT_PROJECT || hookProject(payload);
    if (!project) throw new Error("the hook payload's cwd names no project; pass --project <slug>");
    const server = resolveServer(options, env);
    const headers = { "content-type": "application/json" };
    if (server.token) headers.authorization = `Bearer ${server.token}`;
    const { status, text: text2 } = await postJson(
      `${server.url}/api/v1/projects/${encodeURIComponent(project)}/guidance/tool-call`,
      headers,
      JSON.stringify(slim(payload, moment2)),
      TIMEOUT_MS
    );
    if (status < 200 || status > 299) throw new Error(`Starlight answered HTTP ${status}: ${text2.slice(0, 200)}`);
    const answer = JSON.parse(text2);
    if (answer !== null && typeof answer === "object" && "hookSpecificOutput" in answer)
      process.stdout.write(`${JSON.stringify(answer)}
`);
  } catch (error) {
    const err = error;
    const why = err?.name === "TimeoutError" ? `no answer within ${TIMEOUT_MS / 1e3} s` : err?.message ?? String(error);
    process.stderr.write(`starlight hook ${moment2}: ${why} \u2014 the call goes on without a note
`);
  }
  return 0;
}
var TIMEOUT_MS, MAX_TEXT, EVENTS, TEXT_ONLY, capped, eventOf;
var init_hook = __esm({
  "cli/hook.ts"() {
    "use strict";
    init_contract();
    init_failure();
    init_hook_project();
    init_config();
    init_post_json();
    init_stdin();
    TIMEOUT_MS = 2e3;
    MAX_TEXT = 2e4;
    EVENTS = { "pre-tool": "PreToolUse", "post-tool": "PostToolUse" };
    TEXT_ONLY = /* @__PURE__ */ new Set(["llmContent", "returnDisplay"]);
    capped = (value) => typeof value === "string" ? value.slice(0, MAX_TEXT) : void 0;
    eventOf = (payload, moment2) => typeof payload.hook_event_name === "string" ? payload.hook_event_name : EVENTS[moment2];
  }
});

// cli/plugin-hook.ts
var moment = process.argv[2];
if (process.env.STARLIGHT_ABLATION === "1") {
  process.stderr.write("starlight hook: inside an ablation run (STARLIGHT_ABLATION=1), so nothing is done\n");
} else if (moment === "pre-tool" || moment === "post-tool") {
  await (await Promise.resolve().then(() => (init_hook(), hook_exports))).runHook(moment, {});
} else {
  process.stderr.write(
    `starlight hook: expected pre-tool or post-tool, not "${moment ?? ""}" \u2014 the call goes on without a note
`
  );
}
