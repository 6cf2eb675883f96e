import { expect, type Locator, type Page } from "@playwright/test";

/** `/` once data exists: the overview dashboard, scoped by `from`, `to` and `project` in the URL. */
export class OverviewPage {
  readonly heading: Locator;
  readonly categoryTable: Locator;
  readonly weakestTable: Locator;
  readonly failuresTable: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { level: 1 });
    this.categoryTable = page.getByRole("table", { name: "Sessions per category and project" });
    this.weakestTable = page.getByRole("table", { name: "Weakest domains" });
    this.failuresTable = page.getByRole("table", { name: "Recent failures" });
  }

  async goto(search = "") {
    await this.page.goto(`/${search}`);
    await expect(this.heading).toHaveText("Overview");
  }

  panel(title: string): Locator {
    return this.page.getByRole("region", { name: title, exact: true });
  }

  /** The bars of the "Sessions per day" chart. */
  dayBars(): Locator {
    return this.panel("Sessions per day").locator(".recharts-bar-rectangle path");
  }
}
