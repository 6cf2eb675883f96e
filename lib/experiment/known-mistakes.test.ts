import { describe, expect, it } from "vitest";
import {
  failureSignatures,
  hitKnownMistake,
  knownFailureOf,
  knownSince,
  signatureCounts,
} from "@/lib/experiment/known-mistakes";
import { errorSignature } from "@/lib/knowledge/signature";

describe("known mistakes", () => {
  it("reads a shell failure's signature off its knowledge memory's source, and nothing off other memories", () => {
    expect(
      knownFailureOf("project:app:knowledge:failure:command:python:ModuleNotFoundError: No module named '…'", 5),
    ).toEqual({
      signature: "ModuleNotFoundError: No module named '…'",
      since: 5,
    });
    expect(knownFailureOf("project:app:knowledge:failure:edit-not-found", 5)).toBeNull();
    expect(knownFailureOf("project:app:knowledge:command:test:npm test", 5)).toBeNull();
  });

  it("counts a session only when a failure it hit was known before it started", () => {
    const signature = errorSignature("ModuleNotFoundError: No module named 'requests'")!;
    const known = knownSince([
      { signature, since: 100 },
      { signature, since: 50 },
    ]);
    const hit = failureSignatures([
      "Traceback (most recent call last):\nModuleNotFoundError: No module named 'yaml'",
      null,
    ]);
    expect(hit).toEqual([signature]);
    expect(hitKnownMistake(hit, 60, known)).toBe(true);
    expect(hitKnownMistake(hit, 50, known)).toBe(false);
    expect(hitKnownMistake(["fatal: other"], 1_000, known)).toBe(false);
    expect(hitKnownMistake(undefined, 1_000, known)).toBeNull();
  });

  it("counts how often a session's failures had each signature", () => {
    const signature = errorSignature("ModuleNotFoundError: No module named 'requests'")!;
    expect(
      signatureCounts([
        "ModuleNotFoundError: No module named 'yaml'",
        "ModuleNotFoundError: No module named 'x'",
        null,
        "",
      ]),
    ).toEqual({ [signature]: 2 });
  });
});
