import { z } from "zod";

// The plugin files' shapes, written from the documented fields (docs/plugin.md names the pages). Objects are strict
// here even where a tool only warns about an unknown key, so a misspelt field fails the test instead of being
// dropped silently by Claude Code or Codex.

const kebab = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "kebab-case");
/** A path inside the plugin: it must start with ./ and never climb out. */
const pluginPath = z
  .string()
  .startsWith("./")
  .refine((p) => !p.split("/").includes(".."), "stays inside the plugin");
const author = z.strictObject({ name: z.string().min(1), email: z.string().optional(), url: z.string().optional() });

// Claude Code: plugin manifest reference, "User configuration": option keys are identifiers (they become
// CLAUDE_PLUGIN_OPTION_<KEY>), and an option object is strict.
const userConfigOption = z.strictObject({
  type: z.enum(["string", "number", "boolean", "directory", "file"]),
  title: z.string().min(1),
  description: z.string().min(1),
  required: z.boolean().optional(),
  default: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).optional(),
  multiple: z.boolean().optional(),
  sensitive: z.boolean().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
});

const httpMcpServer = z.strictObject({
  type: z.enum(["http", "sse"]),
  url: z.string().min(1),
  headers: z.record(z.string(), z.string()).optional(),
});

export const claudePluginManifest = z.strictObject({
  name: kebab,
  version: z.string().optional(),
  description: z.string().optional(),
  author: author.optional(),
  homepage: z.string().optional(),
  repository: z.string().optional(),
  license: z.string().optional(),
  keywords: z.array(z.string()).optional(),
  hooks: z.union([pluginPath, z.array(pluginPath)]).optional(),
  mcpServers: z.union([pluginPath, z.record(z.string(), httpMcpServer)]).optional(),
  userConfig: z.record(z.string().regex(/^[A-Za-z_]\w*$/), userConfigOption).optional(),
});

// Claude Code: plugin marketplaces, "Marketplace schema" and "Plugin entries".
export const claudeMarketplace = z.strictObject({
  name: kebab,
  owner: author,
  metadata: z
    .strictObject({
      description: z.string().optional(),
      version: z.string().optional(),
      pluginRoot: z.string().optional(),
    })
    .optional(),
  plugins: z
    .array(
      z.strictObject({
        name: kebab,
        source: pluginPath,
        description: z.string().optional(),
        version: z.string().optional(),
        category: z.string().optional(),
        keywords: z.array(z.string()).optional(),
      }),
    )
    .min(1),
});

// `timeout` is in seconds, a whole number for Codex (a u64); `async` runs it in the background (Claude Code).
const commandHook = z.strictObject({
  type: z.literal("command"),
  command: z.string().min(1),
  timeout: z.number().int().positive(),
  async: z.boolean().optional(),
});
const matcherGroup = z.strictObject({ matcher: z.string().optional(), hooks: z.array(commandHook).min(1) });

// Claude Code: hooks reference, "Hook events" (a plugin's hooks/hooks.json may carry a description).
const claudeEvents = z.enum([
  "SessionStart",
  "SessionEnd",
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "Notification",
  "Stop",
  "SubagentStop",
  "PreCompact",
  "PermissionDenied",
  "StopFailure",
]);
export const claudeHooksFile = z.strictObject({
  description: z.string().optional(),
  hooks: z.partialRecord(claudeEvents, z.array(matcherGroup)),
});

// Codex: hooks, "Hook events"; SessionEnd is left out on purpose (Codex releases before it have no such event).
const codexEvents = z.enum([
  "SessionStart",
  "PreToolUse",
  "PermissionRequest",
  "PostToolUse",
  "PreCompact",
  "PostCompact",
  "UserPromptSubmit",
  "SubagentStop",
  "Stop",
]);
export const codexHooksFile = z.strictObject({ hooks: z.partialRecord(codexEvents, z.array(matcherGroup)) });

// Codex: build plugins, "Plugin structure" and the manifest's interface block.
export const codexPluginManifest = z.strictObject({
  name: kebab,
  version: z.string().optional(),
  description: z.string().optional(),
  author: author.optional(),
  homepage: z.string().optional(),
  repository: z.string().optional(),
  license: z.string().optional(),
  keywords: z.array(z.string()).optional(),
  skills: pluginPath.optional(),
  mcpServers: pluginPath.optional(),
  apps: pluginPath.optional(),
  hooks: z.union([pluginPath, z.array(pluginPath)]).optional(),
  interface: z
    .strictObject({
      displayName: z.string().min(1),
      shortDescription: z.string().optional(),
      longDescription: z.string().optional(),
      developerName: z.string().optional(),
      category: z.string().optional(),
    })
    .optional(),
});

// Codex: build plugins, "Build your own curated plugin list" ($REPO_ROOT/.agents/plugins/marketplace.json).
export const codexMarketplace = z.strictObject({
  name: kebab,
  interface: z.strictObject({ displayName: z.string().min(1) }).optional(),
  plugins: z
    .array(
      z.strictObject({
        name: kebab,
        source: z.strictObject({ source: z.literal("local"), path: pluginPath }),
        policy: z.strictObject({
          installation: z.enum(["AVAILABLE", "INSTALLED_BY_DEFAULT", "NOT_AVAILABLE"]),
          authentication: z.enum(["ON_INSTALL", "ON_USE"]),
        }),
        category: z.string().optional(),
      }),
    )
    .min(1),
});

export type HooksFile = z.infer<typeof claudeHooksFile>;

// Gemini CLI: extensions reference ("gemini-extension.json", "Hooks": hooks/hooks.json in the extension's folder) and
// hooks reference ("Configuration schema"): `timeout` is in milliseconds there.
export const geminiExtensionManifest = z.strictObject({
  name: kebab,
  version: z.string().min(1),
  description: z.string().optional(),
  contextFileName: z.union([z.string(), z.array(z.string())]).optional(),
  excludeTools: z.array(z.string()).optional(),
});
const geminiCommandHook = z.strictObject({
  type: z.literal("command"),
  command: z.string().min(1),
  name: z.string().optional(),
  timeout: z.number().int().positive().optional(),
  description: z.string().optional(),
});
const geminiEvents = z.enum([
  "BeforeTool",
  "AfterTool",
  "BeforeAgent",
  "AfterAgent",
  "BeforeModel",
  "AfterModel",
  "BeforeToolSelection",
  "SessionStart",
  "SessionEnd",
  "Notification",
  "PreCompress",
]);
export const geminiHooksFile = z.strictObject({
  hooks: z.partialRecord(
    geminiEvents,
    z.array(
      z.strictObject({
        matcher: z.string().optional(),
        sequential: z.boolean().optional(),
        hooks: z.array(geminiCommandHook).min(1),
      }),
    ),
  ),
});
