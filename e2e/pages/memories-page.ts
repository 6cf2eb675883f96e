import type { Locator, Page } from "@playwright/test";

export interface MemoryFields {
  content?: string;
  category?: string;
  tags?: string;
  confidence?: string;
  project?: string;
  pinned?: boolean;
}

/** `/memories`: the search box, facets, result cards with their curation controls, and the memory form. */
export class MemoriesPage {
  readonly heading: Locator;
  readonly searchForm: Locator;
  readonly searchBox: Locator;
  readonly count: Locator;
  readonly cards: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { level: 1 });
    this.searchForm = page.getByRole("search", { name: "Search memories" });
    this.searchBox = this.searchForm.getByRole("searchbox", { name: "Search" });
    this.count = page.getByRole("region", { name: "Results" }).getByRole("status");
    this.cards = page.getByRole("list", { name: "Memories" }).getByRole("article");
    this.dialog = page.getByRole("dialog");
  }

  async goto(search = "") {
    await this.page.goto(`/memories${search}`);
  }

  /** Types like a person, one key at a time, so the debounced search runs as it would for them. */
  async type(text: string) {
    await this.searchBox.clear();
    await this.searchBox.pressSequentially(text, { delay: 40 });
  }

  card(text: string | RegExp): Locator {
    return this.cards.filter({ hasText: text });
  }

  /** A facet link such as facet("Categories", "decision"); its name also holds the count. */
  facet(title: "Categories" | "Projects", value: string): Locator {
    return this.page.getByRole("navigation", { name: title }).getByRole("link", { name: new RegExp(`^${value}\\b`) });
  }

  async fillForm(fields: MemoryFields) {
    if (fields.content !== undefined) await this.dialog.getByLabel("Content").fill(fields.content);
    if (fields.category !== undefined) await this.dialog.getByLabel("Category").selectOption(fields.category);
    if (fields.tags !== undefined) await this.dialog.getByLabel("Tags").fill(fields.tags);
    if (fields.confidence !== undefined) await this.dialog.getByLabel("Confidence (%)").fill(fields.confidence);
    if (fields.project !== undefined) await this.dialog.getByLabel("Project").selectOption(fields.project);
    if (fields.pinned !== undefined)
      await this.dialog.getByRole("checkbox", { name: /Pinned/ }).setChecked(fields.pinned);
  }

  async add(fields: MemoryFields) {
    await this.page.getByRole("button", { name: "Add memory" }).click();
    await this.fillForm(fields);
    await this.dialog.getByRole("button", { name: "Add memory" }).click();
  }

  async edit(card: Locator, fields: MemoryFields) {
    await card.getByRole("button", { name: "Edit" }).click();
    await this.fillForm(fields);
    await this.dialog.getByRole("button", { name: "Save changes" }).click();
  }
}
