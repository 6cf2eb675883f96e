import { describe, expect, it } from "vitest";
import { liveRows, projectTotals, type LiveEventGroup } from "./live";

const group = (over: Partial<LiveEventGroup>): LiveEventGroup => ({
  projectId: 1,
  person: "a@x",
  sessionId: "s1",
  name: "api_request",
  events: 1,
  costUsd: null,
  failures: 0,
  rejections: 0,
  ...over,
});

describe("the live panel's rows", () => {
  it("counts a session's cost once: from its API requests when it has any, else from its cost metric", () => {
    const rows = liveRows(
      [
        group({ events: 3, costUsd: 1.5 }),
        group({ name: "tool_result", events: 4, failures: 1 }),
        group({ sessionId: "s2", name: "tool_decision", events: 2, rejections: 1 }),
      ],
      [
        { projectId: 1, person: "a@x", sessionId: "s1", costUsd: 1.5 },
        { projectId: 1, person: "a@x", sessionId: "s2", costUsd: 0.75 },
      ],
    );
    expect(rows).toEqual([
      {
        projectId: 1,
        person: "a@x",
        sessions: 2,
        costUsd: 2.25,
        apiRequests: 3,
        apiErrors: 0,
        toolResults: 4,
        toolFailures: 1,
        decisions: 2,
        rejections: 1,
        prompts: 0,
      },
    ]);
  });

  it("keeps people and projects apart, most costly first, and adds each project up", () => {
    const rows = liveRows(
      [
        group({ costUsd: 1 }),
        group({ person: "b@x", sessionId: "s9", costUsd: 3 }),
        group({ projectId: 2, costUsd: 2 }),
      ],
      [],
    );
    expect(rows.map((r) => [r.projectId, r.person, r.costUsd])).toEqual([
      [1, "b@x", 3],
      [2, "a@x", 2],
      [1, "a@x", 1],
    ]);
    expect(projectTotals(rows).map((t) => [t.projectId, t.sessions, t.costUsd])).toEqual([
      [1, 2, 4],
      [2, 1, 2],
    ]);
  });
});
