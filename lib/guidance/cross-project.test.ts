import { describe, expect, it } from "vitest";
import type { Rule } from "./contract";
import { distilCrossProject } from "./cross-project";

const shared = (sequence: string) => ({ sequence, projects: ["alpha", "beta", "gamma"], count: 9, avgSuccess: 0.98 });

describe("distilCrossProject: rules tested elsewhere", () => {
  const own = (verdict: "hurts" | "helps"): Rule[] => [
    {
      key: "focus",
      source: "focus",
      domain: null,
      instruction: "In this project, changes focused on 5 files or fewer succeeded more often.",
      evidenceLine: "",
      evidence: {
        with: { n: 50, mean: 0.7, sd: 0.4 },
        without: { n: 50, mean: 0.6, sd: 0.4 },
        difference: 0.1,
        low: 0.01,
        high: 0.19,
        method: "adjusted",
      },
      support: "provisional",
      test: { verdict, effect: verdict === "hurts" ? -0.1 : 0.1, low: -0.15, high: -0.05, told: 400, notTold: 400 },
    },
  ];

  it("never lets in a rule tested here to hurt, whatever another project found", () => {
    expect(distilCrossProject([], [{ project: "beta", key: "focus", testedHelps: true }], own("hurts"))).toEqual([]);
  });

  it("lets in a rule tested to help elsewhere, saying where it was tested", () => {
    const [item] = distilCrossProject(
      [],
      [{ project: "beta", key: "read-before-edit", testedHelps: true }],
      own("helps"),
    );
    expect(item?.text).toBe(
      "In project beta, sessions that read each file before editing it succeeded more often than those with a blind edit (tested by randomisation in beta: helps).",
    );
  });
});

describe("distilCrossProject: tool sequences", () => {
  it("names a sequence of three or more known steps proven in several projects", () => {
    const [item] = distilCrossProject([shared("Read > Edit > Bash")], [], []);
    expect(item?.text).toBe(
      "Proven in 3 projects (alpha, beta, gamma): the tool sequence `Read` > `Edit` > `Bash`, 98% average success over 9 uses.",
    );
  });

  it("leaves out a sequence of two steps, which every agent runs in every project", () => {
    expect(distilCrossProject([shared("Edit > Bash"), shared("Read > Edit")], [], [])).toEqual([]);
  });
});
