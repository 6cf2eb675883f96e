import "server-only";
import { randomUUID } from "node:crypto";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { getDb, type Db } from "@/db/client";
import { knowledgeSessions } from "@/db/queries/knowledge";
import { createMemory } from "@/db/queries/memory-curation";
import { searchMemories } from "@/db/queries/memories";
import { canUploadSomewhere } from "@/lib/auth/access";
import { GUIDANCE_FORMATS } from "@/lib/guidance/contract";
import { budgetOf } from "@/lib/guidance/query";
import { namesUnknownTool } from "@/lib/guidance/tool-name";
import { Turns } from "@/lib/cooperate";
import { experimentSettings } from "@/lib/server/experiment";
import { notFound } from "@/lib/api-error";
import { errorResponse } from "@/lib/http/route";
import { errorSearches } from "@/lib/mcp/error-search";
import { sessionFailures } from "@/lib/mcp/failures";
import { AGENT_CATEGORY, AGENT_CONFIDENCE, AGENT_TAG, agentSource } from "@/lib/mcp/agent-memory";
import {
  DATA_HEADERS,
  renderFailures,
  renderKnowledge,
  renderMemories,
  renderRule,
  renderRuleList,
  withheldDuringExperiment,
} from "@/lib/mcp/render";
import { memoryDetail, memoryTarget } from "@/lib/memory/audit-entry";
import { MAX_CONTENT, memoryInputSchema, memorySearchSchema } from "@/lib/memory/memory-query";
import { redactMemoryText } from "@/lib/memory/redact-memory";
import { MEMORY_CATEGORIES } from "@/lib/session";
import { audit } from "@/lib/server/auth/audit";
import type { SignedIn } from "@/lib/server/auth/caller";
import { projectFor } from "@/lib/server/auth/project-access";
import { listRules, renderedGuidance, servedGuidance } from "@/lib/server/guidance";
import { guidanceNotes } from "@/lib/knowledge/agent-notes";
import { knowledgeEntries, MINED_OUTPUTS, projectAgentNotes } from "@/lib/server/knowledge";
import { decayAt, memorySearchScope } from "@/lib/server/memories";
import { reviewMode } from "@/lib/server/review-gate";

/**
 * The MCP server's tools, for one caller: each checks the caller's access exactly as the API route for the same
 * data does (projectFor: a project they cannot see is "not found"), and calls the same queries. `remember` is
 * offered only to a caller who may upload somewhere (a token with the ingest permission, or a member).
 */

/** recent_failures looks at the project's latest sessions, at most this many. */
const RECENT_SESSIONS = 50;

const project = z.string().trim().min(1).max(200).describe("The project's slug, as in Starlight's URLs (e.g. my-app).");
const limit = (fallback: number) =>
  z.number().int().min(1).max(50).default(fallback).describe(`How many to return (1–50, default ${fallback}).`);

/** What a tool returns: its text, and whether that text is recorded data (then it follows the tool's data header). */
type Answer = string | { data: string; header: keyof typeof DATA_HEADERS };

/**
 * A tool's answer as text; recorded data as two text blocks, the header that marks it as data (lib/mcp/render.ts)
 * then the data as it is (a guidance file stays a valid file); a refusal (not found, forbidden, bad input, storage
 * fault) as an error result with the API's message.
 */
async function answered(run: () => Promise<Answer>): Promise<CallToolResult> {
  try {
    const out = await run();
    if (typeof out === "string") return { content: [{ type: "text", text: out }] };
    return {
      content: [
        { type: "text", text: DATA_HEADERS[out.header] },
        { type: "text", text: out.data },
      ],
    };
  } catch (error) {
    const body = (await errorResponse(error).json()) as { error: { message: string } };
    return { content: [{ type: "text", text: body.error.message }], isError: true };
  }
}

/**
 * Every tool call of this process, of every request, runs one at a time, and after each the event loop runs freely
 * for as long as it was busy during the call (lib/cooperate.ts `Turns`): a batch, or several callers' batches,
 * cannot hold the server's thread for more than one call, nor take more than about half of it while a health check
 * or another request takes the several turns of the loop it needs.
 */
const turns = new Turns();

/**
 * The project's knowledge that is stored as a memory (a person who deleted the memory took the item out); with
 * review on, only the accepted items, as guidance serves them (docs/trust-model.md#review).
 */
async function keptKnowledge(db: Db, projectId: number, slug: string) {
  const kept = (await knowledgeEntries(db, projectId, slug)).flatMap((e) => (e.memory === null ? [] : [e.item]));
  if (!(await reviewMode(db, projectId)).on) return kept;
  return (await servedGuidance(db, slug))?.content.knowledge ?? [];
}

/** The agents' own notes that add to the knowledge, as guidance carries them (with review on, only accepted ones). */
async function keptNotes(
  db: Db,
  projectId: number,
  slug: string,
  knowledge: Awaited<ReturnType<typeof keptKnowledge>>,
) {
  if (!(await reviewMode(db, projectId)).on) return guidanceNotes(await projectAgentNotes(db, projectId), knowledge);
  return (await servedGuidance(db, slug))?.content.agentNotes ?? [];
}

export function registerTools(server: McpServer, caller: SignedIn, base: string): void {
  const { access } = caller;
  const read = { readOnlyHint: true, openWorldHint: false } as const;
  const answer = (run: () => Promise<Answer>) => turns.take(() => answered(run));

  server.registerTool(
    "search_memories",
    {
      title: "Search Starlight's memories",
      description:
        "Full-text search over what Starlight remembers from past sessions, people and agents (lessons, errors, decisions, preferences). Call it before a task that past work may have covered, with the words you would expect in the memory; returns the best matches with their origin, confidence and session links.",
      inputSchema: {
        q: z.string().max(1000).optional().describe("Words to search for; leave out to list the latest memories."),
        project: project.optional(),
        category: z.enum(MEMORY_CATEGORIES).optional().describe("Only memories of this kind."),
        limit: limit(10),
      },
      annotations: read,
    },
    (input) =>
      answer(async () => {
        const search = memorySearchSchema.parse({
          q: input.q,
          project: input.project,
          category: input.category,
          limit: input.limit,
        });
        const readable = memorySearchScope(access);
        // An error text pasted whole finds nothing with all its words: its error line, then its stable words, are tried next.
        const [first, ...narrower] = search.q === undefined ? [undefined] : errorSearches(search.q);
        let found = await searchMemories(getDb(), { ...search, q: first, readable }, decayAt());
        let narrowed: string | undefined;
        for (const q of narrower) {
          if (found.total > 0) break;
          found = await searchMemories(getDb(), { ...search, q, readable }, decayAt());
          narrowed = q;
        }
        return { header: "search_memories", data: renderMemories(found.items, found.total, base, narrowed) };
      }),
  );

  server.registerTool(
    "get_guidance",
    {
      title: "Get the project's guidance",
      description:
        "The project's current guidance: what its sessions teach, pinned notes, rules with their evidence, lessons from failed sessions. Call it at the start of work in a project (if the session did not already get it) or when unsure how this project is done; returns markdown, or the chosen format. While the project runs a guidance experiment it says so instead: the SessionStart hook decides which sessions get guidance.",
      inputSchema: {
        project,
        format: z
          .enum(GUIDANCE_FORMATS)
          .default("markdown")
          .describe("Output format; markdown unless you need another."),
      },
      annotations: read,
    },
    (input) =>
      answer(async () => {
        const found = await projectFor(getDb(), access, input.project, "read");
        const share = (await experimentSettings(getDb(), found.slug))?.holdoutShare ?? 0;
        if (share > 0) return withheldDuringExperiment(found.slug, share);
        const rendered = await renderedGuidance(getDb(), found.slug, input.format, budgetOf({ format: input.format }));
        if (!rendered) throw notFound(`project "${input.project}"`);
        return { header: "get_guidance", data: rendered.text };
      }),
  );

  server.registerTool(
    "get_project_knowledge",
    {
      title: "What this project teaches",
      description:
        "What the project's own sessions show: the commands that pass (and the forms that fail), recurring failures with their fix, what the user asked for, files that change together, hot spots. Call it before running tests, lint or builds, or before editing a file you do not know; each item has its evidence counts and links to the sessions.",
      inputSchema: { project },
      annotations: read,
    },
    (input) =>
      answer(async () => {
        const found = await projectFor(getDb(), access, input.project, "read");
        const knowledge = await keptKnowledge(getDb(), found.id, found.slug);
        return {
          header: "get_project_knowledge",
          data: renderKnowledge(found.slug, knowledge, base, await keptNotes(getDb(), found.id, found.slug, knowledge)),
        };
      }),
  );

  server.registerTool(
    "get_rule_evidence",
    {
      title: "A rule's evidence",
      description:
        "The evidence behind the project's rules: without a key, every rule with its status and estimate; with a key, that rule's adjusted estimate, 95% interval, sessions per group and its history over guidance generations. Call it when a rule's advice conflicts with the task, to judge how much to trust it.",
      inputSchema: {
        project,
        key: z
          .string()
          .trim()
          .min(1)
          .max(500)
          .optional()
          .describe("The rule's key, as listed without one (e.g. verification)."),
      },
      annotations: read,
    },
    (input) =>
      answer(async () => {
        const found = await projectFor(getDb(), access, input.project, "read");
        const listing = await listRules(getDb(), found.slug);
        if (!listing) throw notFound(`project "${input.project}"`);
        // A rule about a tool that is not one of the agent's real tools is never named (lib/guidance/tool-name.ts).
        listing.rules = listing.rules.filter((r) => !namesUnknownTool(r.key));
        if (input.key === undefined) return renderRuleList(found.slug, listing.rules);
        const rule = listing.rules.find((r) => r.key === input.key);
        if (!rule)
          throw notFound(
            `Rule "${input.key}" of project "${found.slug}" (its rules: ${listing.rules.map((r) => r.key).join(", ") || "none yet"})`,
          );
        return renderRule(found.slug, rule, base);
      }),
  );

  server.registerTool(
    "recent_failures",
    {
      title: "What went wrong lately",
      description:
        "What went wrong in this project lately: failures with the change that fixed them (files edited, installs, a changed command form, after which the same command passed) or \"no fix recorded\", then the latest sessions' first error and the call that got past it, each linked to the session. Call it when a command or tool call fails, or before work that failed before; search_memories with the error's text finds a failure by its words.",
      inputSchema: { project, limit: limit(10) },
      annotations: read,
    },
    (input) =>
      answer(async () => {
        const found = await projectFor(getDb(), access, input.project, "read");
        const recurring = (await keptKnowledge(getDb(), found.id, found.slug))
          .filter((item) => item.kind === "failure")
          .sort((a, b) => (b.evidence.lastSeen ?? 0) - (a.evidence.lastSeen ?? 0))
          .slice(0, input.limit);
        const recent = sessionFailures(
          await knowledgeSessions(getDb(), found.id, RECENT_SESSIONS, MINED_OUTPUTS),
          input.limit,
        );
        return { header: "recent_failures", data: renderFailures(found.slug, recurring, recent, base) };
      }),
  );

  if (!canUploadSomewhere(access)) return;
  server.registerTool(
    "remember",
    {
      title: "Remember something for this project",
      description:
        "Stores a memory in one project, marked as written by an agent: a fact future sessions need (how to run something, a pitfall and its fix, a decision and why). Call it once you learned something non-obvious that is not in the code; returns the memory's id. Secrets are redacted.",
      inputSchema: {
        project,
        content: z
          .string()
          .min(1)
          .max(MAX_CONTENT)
          .describe("What to remember, in a sentence or a few; self-contained."),
        category: z.enum(MEMORY_CATEGORIES).default(AGENT_CATEGORY).describe("Its kind (default insight)."),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    (input) =>
      answer(async () => {
        const found = await projectFor(getDb(), access, input.project, "ingest");
        const memory = memoryInputSchema.parse({
          project: found.slug,
          category: input.category,
          content: input.content,
          tags: [AGENT_TAG],
          confidence: AGENT_CONFIDENCE,
        });
        const { input: clean, redacted } = redactMemoryText(memory);
        const stored = await createMemory(
          getDb(),
          { ...clean, source: agentSource(found.slug, randomUUID()) },
          decayAt(),
        );
        await audit(getDb(), caller, "memory.remember", memoryTarget(stored), memoryDetail(stored));
        const secrets =
          redacted === 0
            ? ""
            : ` ${redacted} secret${redacted === 1 ? " was" : "s were"} redacted from it: never pass credentials to remember.`;
        return `Remembered as memory #${stored.id} in project ${found.slug} (${stored.category}, written by an agent).${secrets}`;
      }),
  );
}
