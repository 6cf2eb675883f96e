import { describe, expect, it } from "vitest";
import { LastComputed } from "./last-computed";

describe("LastComputed", () => {
  it("computes again only when the fingerprint of an owner's key changes", async () => {
    const cache = new LastComputed<object, string>();
    const [a, b] = [{}, {}];
    let runs = 0;
    const compute = (value: string) => () => (runs++, value);
    expect(await cache.get(a, 1, "f1", compute("one"))).toBe("one");
    expect(await cache.get(a, 1, "f1", compute("other"))).toBe("one");
    expect(runs).toBe(1);
    expect(await cache.get(a, 1, "f2", async () => (runs++, "two"))).toBe("two");
    expect(await cache.get(a, 2, "f2", compute("key 2"))).toBe("key 2");
    expect(await cache.get(b, 1, "f2", compute("owner b"))).toBe("owner b");
    expect(await cache.get(a, 1, "f2", compute("again"))).toBe("two");
    expect(runs).toBe(4);
  });
});
