import { expect, type Locator, type Page } from "@playwright/test";

/** `/federation`: projects side by side, the cross-project matrix, and the server-side folders with "Sync all". */
export class FederationPage {
  readonly heading: Locator;
  readonly projects: Locator;
  readonly matrix: Locator;
  readonly sources: Locator;
  readonly registerForm: Locator;
  readonly syncAll: Locator;
  readonly syncReport: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { level: 1 });
    this.projects = page.getByRole("table", { name: "Projects side by side" });
    this.matrix = page.getByRole("table", { name: "Cross-project matrix" });
    this.sources = page.getByRole("table", { name: "Registered folders" });
    this.registerForm = page.getByRole("form", { name: "Register a folder" });
    this.syncAll = page.getByRole("button", { name: "Sync all" });
    this.syncReport = page.getByTestId("sync-report");
  }

  async goto() {
    await this.page.goto("/federation");
    await expect(this.heading).toHaveText("Federation");
  }

  async register(name: string, folder: string, project?: string) {
    await this.registerForm.getByLabel("Name").fill(name);
    await this.registerForm.getByLabel("Folder on the server").fill(folder);
    if (project) await this.registerForm.getByLabel(/^Project/).fill(project);
    await this.registerForm.getByRole("button", { name: "Register folder" }).click();
  }

  sourceRow(name: string): Locator {
    return this.sources.getByRole("row").filter({ has: this.page.getByRole("cell", { name, exact: true }) });
  }

  /** The sync result's row for `project` of the source named `source`. */
  syncRow(source: string, project: string): Locator {
    return this.syncReport
      .getByTestId("sync-project-row")
      .filter({ has: this.page.getByRole("cell", { name: source, exact: true }) })
      .filter({ has: this.page.getByRole("cell", { name: project, exact: true }) });
  }

  matrixRow(label: string): Locator {
    return this.matrix.getByTestId("matrix-row").filter({ hasText: label });
  }
}
