import { describe, expect, it } from "vitest";
import { eligibleSources } from "./eligibility";

const readers = (entries: Record<number, number[]>) =>
  new Map(Object.entries(entries).map(([p, people]) => [Number(p), new Set(people)]));
const none = new Set<number>();

describe("eligibleSources", () => {
  it("takes every other project when only admins read the target (a solo instance)", () => {
    expect(
      eligibleSources({ project: 1, projects: [1, 2, 3], readers: readers({ 2: [7] }), sharedWith: none }),
    ).toEqual([2, 3]);
  });

  it("takes a source only when every reader of the target also reads it", () => {
    const r = readers({ 1: [10, 11], 2: [10, 11, 12], 3: [10], 4: [] });
    expect(eligibleSources({ project: 1, projects: [1, 2, 3, 4], readers: r, sharedWith: none })).toEqual([2]);
  });

  it("refuses sources with no shared members, and keeps the target's own members out of the picture for others", () => {
    const r = readers({ 1: [10], 2: [20] });
    expect(eligibleSources({ project: 1, projects: [1, 2], readers: r, sharedWith: none })).toEqual([]);
    expect(eligibleSources({ project: 2, projects: [1, 2], readers: r, sharedWith: none })).toEqual([]);
  });

  it("is one-way: a narrower project may draw on a wider one, not the other way round", () => {
    const r = readers({ 1: [10], 2: [10, 20] });
    expect(eligibleSources({ project: 1, projects: [1, 2], readers: r, sharedWith: none })).toEqual([2]);
    expect(eligibleSources({ project: 2, projects: [1, 2], readers: r, sharedWith: none })).toEqual([]);
  });

  it("takes a source an admin shared, whoever reads it", () => {
    const r = readers({ 1: [10], 2: [20], 3: [30] });
    expect(eligibleSources({ project: 1, projects: [1, 2, 3], readers: r, sharedWith: new Set([3]) })).toEqual([3]);
  });

  it("never lists the project itself, even shared with itself", () => {
    expect(eligibleSources({ project: 1, projects: [1], readers: readers({}), sharedWith: new Set([1]) })).toEqual([]);
  });
});
