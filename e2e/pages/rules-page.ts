import type { Locator, Page } from "@playwright/test";

/** `/projects/<slug>/rules`, one rule's evidence page, and `/projects/<slug>/guidance` with its exports. */
export class RulesPage {
  readonly tabs: Locator;
  readonly stated: Locator;
  readonly ruleCards: Locator;
  readonly exportPanel: Locator;
  readonly preview: Locator;

  constructor(readonly page: Page) {
    this.tabs = page.getByRole("navigation", { name: "Project" });
    this.stated = page.getByRole("region", { name: /^Rules/ });
    this.ruleCards = this.stated.getByRole("article");
    this.exportPanel = page.getByRole("region", { name: "Export" });
    this.preview = page.getByRole("region", { name: "Preview (markdown)" });
  }

  async gotoProject(slug: string) {
    await this.page.goto(`/projects/${slug}`);
  }

  async openTab(name: "Sessions" | "Rules" | "Guidance") {
    await this.tabs.getByRole("link", { name, exact: true }).click();
  }

  /** A stated rule's card by (part of) its instruction. */
  rule(instruction: string | RegExp): Locator {
    return this.ruleCards.filter({ has: this.page.getByRole("heading", { name: instruction }) });
  }

  async openEvidence(card: Locator) {
    await card.getByRole("link", { name: /^Evidence for:/ }).click();
  }

  /** Panels of the rule page, by title. */
  panel(title: string): Locator {
    return this.page.getByRole("region", { name: title });
  }

  downloadLink(format: string): Locator {
    return this.exportPanel.getByRole("link", { name: `Download ${format}` });
  }
}
