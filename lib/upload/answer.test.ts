import { describe, expect, it } from "vitest";
import { formatLabel, NETWORK_ERROR, readAnswer } from "./answer";

const file = (counts: { accepted?: number; duplicates?: number; rejected?: number }, extra: object = {}) => ({
  name: "a.jsonl",
  format: "claude-code",
  accepted: 0,
  duplicates: 0,
  rejected: 0,
  errors: [],
  ...counts,
  ...extra,
});
const body = (files: object[], project: string | null = null) => JSON.stringify({ project, files, totals: {} });

describe("readAnswer", () => {
  it("is stored when a record was accepted, with session links and their project", () => {
    const sessions = [{ id: 12, project: "ai-music", externalId: "ba79134d" }];
    const outcome = readAnswer(200, body([file({ accepted: 1 }, { sessions })]));
    expect(outcome.status).toBe("stored");
    expect(outcome.message).toBeNull();
    expect(outcome.files[0]).toMatchObject({
      accepted: 1,
      project: "ai-music",
      sessions: [{ id: "12", externalId: "ba79134d" }],
    });
  });

  it("prefers the file's own project, then the request's", () => {
    expect(readAnswer(200, body([file({ accepted: 2 }, { project: "mine" })], "other")).files[0]!.project).toBe("mine");
    expect(readAnswer(200, body([file({ accepted: 2 })], "other")).files[0]!.project).toBe("other");
    expect(readAnswer(200, body([file({ accepted: 2 })])).files[0]!.project).toBeNull();
  });

  it("is stored on a 207, keeping the rejected records' reasons", () => {
    const errors = [{ line: 3, field: "successScore", message: "expected a number" }];
    const outcome = readAnswer(207, body([file({ accepted: 1, rejected: 1 }, { errors })]));
    expect(outcome.status).toBe("stored");
    expect(outcome.files[0]!.errors).toEqual(errors);
  });

  it("is a duplicate when everything was already there", () => {
    expect(readAnswer(200, body([file({ duplicates: 4 })])).status).toBe("duplicate");
  });

  it("is rejected on a 422 with a per-file report", () => {
    const errors = [{ line: null, field: "project", message: "this file names no project" }];
    const outcome = readAnswer(
      422,
      JSON.stringify({
        error: { code: "invalid_records", message: "x" },
        project: null,
        files: [file({ rejected: 1 }, { errors })],
      }),
    );
    expect(outcome.status).toBe("rejected");
    expect(outcome.files[0]!.errors[0]!.message).toBe("this file names no project");
  });

  it("is waiting when a sub-agent's file was kept (or was there) for a session whose main transcript has not arrived", () => {
    const waitingFor = { project: "p", externalId: "ef958aa1" };
    for (const counts of [{ accepted: 1 }, { duplicates: 1 }]) {
      const outcome = readAnswer(200, body([file(counts, { waitingFor })]));
      expect(outcome.status).toBe("waiting");
      expect(outcome.files[0]!.waitingFor).toEqual(waitingFor);
    }
    expect(readAnswer(200, body([file({ accepted: 1 }, { waitingFor: "nonsense" })])).files[0]!.waitingFor).toBeNull();
  });

  it("is empty when the file held no records", () => {
    expect(readAnswer(422, body([file({})])).status).toBe("empty");
  });

  it("fails with the server's message on a 413 or a request-wide 422", () => {
    const tooBig = readAnswer(
      413,
      JSON.stringify({ error: { code: "payload_too_large", message: "The upload is larger than the 5 MB limit." } }),
    );
    expect(tooBig).toEqual({ status: "failed", files: [], message: "The upload is larger than the 5 MB limit." });
    expect(readAnswer(422, JSON.stringify({ error: { code: "invalid_project", message: "bad name" } })).message).toBe(
      "bad name",
    );
  });

  it("fails with the HTTP status when the body is not JSON", () => {
    expect(readAnswer(502, "<html>Bad gateway</html>").message).toBe("The server answered HTTP 502.");
  });

  it("fails on a network error", () => {
    expect(readAnswer(0, "")).toEqual({ status: "failed", files: [], message: NETWORK_ERROR });
  });

  it("tolerates missing optional fields and bad counts", () => {
    const outcome = readAnswer(
      200,
      JSON.stringify({ files: [{ name: "a", format: "x", accepted: -1, duplicates: 2, errors: "nope" }] }),
    );
    expect(outcome.files[0]).toMatchObject({
      accepted: 0,
      duplicates: 2,
      rejected: 0,
      errors: [],
      sessions: [],
      project: null,
    });
  });
});

describe("formatLabel", () => {
  it("names known formats and passes others through", () => {
    expect(formatLabel("acos-trajectories")).toBe("ACOS trajectories");
    expect(formatLabel("claude-code")).toBe("Claude Code");
    expect(formatLabel("claude-code-agent-meta")).toBe("Claude Code sub-agent meta");
    expect(formatLabel("empty")).toBe("Empty file");
    expect(formatLabel("something-new")).toBe("something-new");
  });
});
