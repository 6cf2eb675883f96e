import { expect, type Locator, type Page } from "@playwright/test";

/** `/projects/<slug>`: filters, the sortable sessions table and keyset pagination. */
export class SessionsPage {
  readonly table: Locator;
  readonly rows: Locator;
  readonly filters: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole("table", { name: "Sessions" });
    this.rows = this.table.locator("tbody tr");
    this.filters = page.getByRole("search", { name: "Filter sessions" });
  }

  async goto(slug: string, search = "") {
    await this.page.goto(`/projects/${slug}${search}`);
  }

  /** The text of one column in every row, by its header label. */
  async column(header: string): Promise<string[]> {
    // After a navigation the table may still be streaming in: wait for its header row first.
    await expect(this.table.getByRole("columnheader").first()).toBeVisible();
    const headers = await this.table.locator("thead th").allInnerTexts();
    const index = headers.findIndex((text) => text.replace(/[↑↓↕]/g, "").trim() === header);
    expect(index, `column "${header}" in ${headers.join(" | ")}`).toBeGreaterThanOrEqual(0);
    return this.rows.locator(`td:nth-child(${index + 1})`).allInnerTexts();
  }

  async sortBy(label: string) {
    await this.table.getByRole("link", { name: new RegExp(`^Sort by ${label}`, "i") }).click();
  }

  async filter(fields: { category?: string; domain?: string; q?: string }) {
    if (fields.category !== undefined) await this.filters.getByLabel("Category").selectOption(fields.category);
    if (fields.domain !== undefined) await this.filters.getByLabel("Domain").selectOption(fields.domain);
    if (fields.q !== undefined) await this.filters.getByRole("searchbox", { name: "Search" }).fill(fields.q);
    await this.filters.getByRole("button", { name: "Apply" }).click();
  }

  /** Values of the category options that have sessions (the first option is "All categories"). */
  async categoryOptions(): Promise<string[]> {
    // evaluateAll does not wait: after a navigation the filters may still be streaming in.
    const select = this.filters.getByLabel("Category");
    await expect(select).toBeVisible();
    const values = await select
      .locator("option")
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    return values.filter(Boolean);
  }

  nextPage(): Locator {
    return this.page.getByRole("link", { name: "Next page →" });
  }

  firstPage(): Locator {
    return this.page.getByRole("link", { name: "← First page" });
  }
}
