import { expect, type Locator, type Page } from "@playwright/test";

/** `/projects`: the projects table, or the first-run empty state (also shown at `/` before any data). */
export class ProjectsPage {
  readonly heading: Locator;
  readonly curlLine: Locator;
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { level: 1 });
    this.curlLine = page.getByTestId("ingest-curl");
    this.table = page.getByRole("table", { name: "Projects" });
  }

  async goto() {
    await this.page.goto("/projects");
    await expect(this.heading).toBeVisible();
  }

  row(projectName: string): Locator {
    return this.table.getByRole("row").filter({ has: this.page.getByRole("link", { name: projectName, exact: true }) });
  }

  async open(projectName: string) {
    await this.table.getByRole("link", { name: projectName, exact: true }).click();
  }
}
