import { describe, expect, it } from "vitest";
import { distilCrossProject } from "./cross-project";

const shared = (sequence: string) => ({ sequence, projects: ["alpha", "beta", "gamma"], count: 9, avgSuccess: 0.98 });

describe("distilCrossProject: tool sequences", () => {
  it("names a sequence of three or more known steps proven in several projects", () => {
    const [item] = distilCrossProject([shared("Read > Edit > Bash")], [], []);
    expect(item?.text).toBe("Proven in 3 projects (alpha, beta, gamma): the tool sequence `Read` > `Edit` > `Bash`, 98% average success over 9 uses.");
  });

  it("leaves out a sequence of two steps, which every agent runs in every project", () => {
    expect(distilCrossProject([shared("Edit > Bash"), shared("Read > Edit")], [], [])).toEqual([]);
  });
});
