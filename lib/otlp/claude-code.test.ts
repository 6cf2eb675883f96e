import { describe, expect, it } from "vitest";
import { z } from "zod";
import { claudeCodeLogs, encodeLogsRequest } from "@/test/factories/otlp";
import { mapLogs } from "./claude-code";
import { decodeLogsRequest } from "./proto";
import { logsRequest } from "./schema";

const mapJson = (request: unknown) => mapLogs(logsRequest.parse(JSON.parse(JSON.stringify(request))));
const mapProto = (request: Record<string, unknown>) =>
  mapLogs(logsRequest.parse(decodeLogsRequest(encodeLogsRequest(request))));

describe("Claude Code's OpenTelemetry events as rows", () => {
  for (const [encoding, map] of [
    ["JSON", mapJson],
    ["protobuf", mapProto],
  ] as const) {
    it(`keeps every event of a ${encoding} batch, with the counts it was built with`, () => {
      const { request, counts } = claudeCodeLogs({ sessions: 4, eventsPerSession: 23, project: "web-app" });
      const mapped = map(request);
      const events = mapped.resources.flatMap((r) => r.events);
      expect(mapped.ignored).toBe(0);
      expect(mapped.resources.map((r) => r.project)).toEqual(["web-app", "web-app", "web-app", "web-app"]);
      expect(events).toHaveLength(counts.events);
      expect(new Set(events.map((e) => e.key)).size).toBe(counts.events);
      const of = (name: string) => events.filter((e) => e.name === name);
      expect(of("api_request")).toHaveLength(counts.apiRequests);
      expect(of("api_request").reduce((sum, e) => sum + (e.costUsd ?? 0), 0)).toBeCloseTo(counts.costUsd, 9);
      expect(of("tool_result").filter((e) => e.success === false)).toHaveLength(counts.toolFailures);
      expect(of("tool_decision").filter((e) => e.decision === "reject")).toHaveLength(counts.rejections);
      expect(of("api_error")).toHaveLength(counts.apiErrors);
      expect(of("user_prompt")).toHaveLength(counts.prompts);
    });
  }

  it("maps one event's attributes onto its columns and keeps the rest", () => {
    const { request } = claudeCodeLogs({ sessions: 1, eventsPerSession: 4, startMs: Date.UTC(2026, 11, 1) });
    const request3 = mapJson(request).resources[0]!.events[3]!;
    expect(request3).toMatchObject({
      name: "api_request",
      sessionId: "5e55104e-0000-4000-8000-000000000000",
      person: "dev0@team.test",
      at: Date.UTC(2026, 11, 1) + 300,
      model: "claude-sonnet-4-5",
      costUsd: 1,
      inputTokens: 1000,
      outputTokens: 200,
      cacheReadTokens: 50,
      durationMs: 2300,
      prompt: null,
    });
    expect(request3.attributes).toMatchObject({
      "organization.id": "org-1",
      "terminal.type": "vscode",
      "service.name": "claude-code",
    });
  });

  it("derives the same key from the same event sent again, in either encoding", () => {
    const { request } = claudeCodeLogs({ sessions: 2, eventsPerSession: 6 });
    const keys = (m: ReturnType<typeof mapJson>) => m.resources.flatMap((r) => r.events.map((e) => e.key));
    expect(keys(mapProto(request))).toEqual(keys(mapJson(request)));
  });

  it("stores a prompt only when Claude Code sends it, redacted", () => {
    const secret = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8";
    const withText = mapJson(
      claudeCodeLogs({ sessions: 1, eventsPerSession: 1, prompt: `deploy with ${secret}` }).request,
    ).resources[0]!.events[0]!;
    expect(withText.prompt).toContain("deploy with");
    expect(withText.prompt).not.toContain(secret);
    const without = mapJson(claudeCodeLogs({ sessions: 1, eventsPerSession: 1 }).request).resources[0]!.events[0]!;
    expect(without.prompt).toBeNull();
    expect(without.promptLength).toBe(42);
  });

  it("leaves out log records that are not Claude Code's", () => {
    const mapped = mapJson({
      resourceLogs: [
        {
          scopeLogs: [
            { logRecords: [{ timeUnixNano: "1", body: { stringValue: "GET /health 200" }, attributes: [] }] },
          ],
        },
      ],
    });
    expect(mapped.ignored).toBe(1);
    expect(mapped.resources[0]!.events).toEqual([]);
  });

  it("refuses a value of the wrong type, naming the field", () => {
    const { request } = claudeCodeLogs({ sessions: 1, eventsPerSession: 4 });
    const record = (
      request.resourceLogs as { scopeLogs: { logRecords: { attributes: { key: string; value: unknown }[] }[] }[] }[]
    )[0]!.scopeLogs[0]!.logRecords[3]!;
    record.attributes.find((a) => a.key === "cost_usd")!.value = { stringValue: "a lot" };
    let error: unknown;
    try {
      mapJson(request);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(z.ZodError);
    expect((error as z.ZodError).issues[0]!.path).toEqual([
      "resourceLogs",
      0,
      "scopeLogs",
      0,
      "logRecords",
      3,
      "attributes",
      "cost_usd",
    ]);
  });

  it("refuses an event without a time, naming timeUnixNano", () => {
    const request = {
      resourceLogs: [
        { scopeLogs: [{ logRecords: [{ body: { stringValue: "claude_code.api_error" }, attributes: [] }] }] },
      ],
    };
    expect(() => mapJson(request)).toThrow(/timeUnixNano/);
  });

  it("refuses a session.id over 200 characters (it is indexed), naming the attribute and the length", () => {
    const { request } = claudeCodeLogs({ sessions: 1, eventsPerSession: 2, sessionId: () => "語".repeat(3_000) });
    expect(() => mapJson(request)).toThrow(/attributes.*session\.id.*must be at most 200 characters, got 3,000/s);
    expect(
      mapJson(claudeCodeLogs({ sessions: 1, eventsPerSession: 2, sessionId: () => "語".repeat(200) }).request)
        .resources[0]!.events,
    ).toHaveLength(2);
  });
});

describe("absent values", () => {
  it('reads "undefined" or an empty string in a numeric attribute as absent, not as a bad payload', () => {
    const { request } = claudeCodeLogs({ sessions: 1, eventsPerSession: 5 });
    const record = (
      request.resourceLogs as { scopeLogs: { logRecords: { attributes: { key: string; value: unknown }[] }[] }[] }[]
    )[0]!.scopeLogs[0]!.logRecords[4]!;
    record.attributes.find((a) => a.key === "status_code")!.value = { stringValue: "undefined" };
    const error = mapJson(request).resources[0]!.events[4]!;
    expect(error).toMatchObject({ name: "api_error", statusCode: null, error: "overloaded" });
  });
});
