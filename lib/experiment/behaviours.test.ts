import { describe, expect, it } from "vitest";
import { BEHAVIOURS, isMeasuredRule } from "@/lib/experiment/behaviours";
import type { BehaviourFeatures } from "@/lib/experiment/contract";
import { MEASURED_RULES } from "@/lib/experiment/contract";

const UNKNOWN: BehaviourFeatures = {
  operationCount: null,
  filesModified: null,
  verifiedAfterEdit: null,
  readBeforeEditRatio: null,
  delegated: null,
};

const f = (over: Partial<BehaviourFeatures>): BehaviourFeatures => ({ ...UNKNOWN, ...over });

describe("BEHAVIOURS", () => {
  it("covers every measured rule, each described in words", () => {
    expect(Object.keys(BEHAVIOURS).sort()).toEqual([...MEASURED_RULES].sort());
    for (const key of MEASURED_RULES) {
      expect(BEHAVIOURS[key].key).toBe(key);
      expect(BEHAVIOURS[key].behaviour.length).toBeGreaterThan(10);
    }
  });

  it("reads nothing from unknown features", () => {
    for (const key of MEASURED_RULES) expect(BEHAVIOURS[key].observe(UNKNOWN)).toBeNull();
  });

  it("verification: sessions that changed 2+ files with a known verification", () => {
    const { observe } = BEHAVIOURS.verification;
    expect(observe(f({ filesModified: 1, verifiedAfterEdit: true }))).toBeNull();
    expect(observe(f({ filesModified: 2, verifiedAfterEdit: null }))).toBeNull();
    expect(observe(f({ filesModified: 2, verifiedAfterEdit: true }))).toBe(true);
    expect(observe(f({ filesModified: 9, verifiedAfterEdit: false }))).toBe(false);
  });

  it("read-before-edit: a ratio of 1 is followed, below 1 is not", () => {
    const { observe } = BEHAVIOURS["read-before-edit"];
    expect(observe(f({ readBeforeEditRatio: 1 }))).toBe(true);
    expect(observe(f({ readBeforeEditRatio: 0.99 }))).toBe(false);
    expect(observe(f({ readBeforeEditRatio: 0 }))).toBe(false);
  });

  it("delegation: sessions of 20+ operations with a known delegation", () => {
    const { observe } = BEHAVIOURS.delegation;
    expect(observe(f({ operationCount: 19, delegated: true }))).toBeNull();
    expect(observe(f({ operationCount: 20, delegated: null }))).toBeNull();
    expect(observe(f({ operationCount: 20, delegated: true }))).toBe(true);
    expect(observe(f({ operationCount: 200, delegated: false }))).toBe(false);
  });

  it("session-length: 50 operations or fewer is followed, 51 is a marathon", () => {
    const { observe } = BEHAVIOURS["session-length"];
    expect(observe(f({ operationCount: 0 }))).toBe(true);
    expect(observe(f({ operationCount: 50 }))).toBe(true);
    expect(observe(f({ operationCount: 51 }))).toBe(false);
  });

  it("focus: among sessions that changed files, 5 or fewer is followed", () => {
    const { observe } = BEHAVIOURS.focus;
    expect(observe(f({ filesModified: 0 }))).toBeNull();
    expect(observe(f({ filesModified: 1 }))).toBe(true);
    expect(observe(f({ filesModified: 5 }))).toBe(true);
    expect(observe(f({ filesModified: 6 }))).toBe(false);
  });
});

describe("isMeasuredRule", () => {
  it("accepts the measured keys only", () => {
    expect(isMeasuredRule("focus")).toBe(true);
    expect(isMeasuredRule("tool-preference:testing:Bash")).toBe(false);
  });
});
