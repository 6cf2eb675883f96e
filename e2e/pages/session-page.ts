import type { Locator, Page } from "@playwright/test";

/** `/sessions/<id>`: header, fields, tool chart, files, prompts, operations, memory and raw record. */
export class SessionPage {
  readonly heading: Locator;
  readonly overview: Locator;
  readonly features: Locator;
  readonly chart: Locator;
  readonly memory: Locator;
  readonly prompts: Locator;
  readonly operations: Locator;
  readonly rawRecord: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { level: 1 });
    this.overview = page.getByRole("region", { name: "Overview" });
    this.features = page.getByRole("region", { name: "Features" });
    this.chart = page.getByRole("region", { name: "Tool calls by tool" }).locator("svg.recharts-surface");
    this.memory = page.getByRole("region", { name: "Memory" });
    this.prompts = page.getByRole("region", { name: "Prompts" });
    this.operations = page.getByRole("region", { name: "Operations" });
    this.rawRecord = page.locator("details").filter({ hasText: "Raw record" });
  }

  /** The error text shown under the failed operation numbered `n` (1-based, as on the page). */
  errorOf(n: number): Locator {
    return this.operations.getByLabel(`Error of operation ${n}`);
  }

  /** The value shown for a field label in a section, e.g. field(overview, "Duration"). */
  field(section: Locator, label: string): Locator {
    return section
      .locator("dl > div")
      .filter({ has: this.page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
      .locator("dd");
  }
}
