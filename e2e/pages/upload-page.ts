import { expect, type Locator, type Page } from "@playwright/test";

/** `/upload`: the project field, the file pickers, the summary and one row per uploaded file. */
export class UploadPage {
  readonly project: Locator;
  readonly chooseFiles: Locator;
  readonly chooseFolder: Locator;
  readonly dropZone: Locator;
  readonly summary: Locator;
  readonly rows: Locator;
  readonly progressBars: Locator;

  constructor(readonly page: Page) {
    this.project = page.getByLabel(/^Project/);
    this.chooseFiles = page.getByLabel("Choose files", { exact: true });
    this.chooseFolder = page.getByLabel("Choose a folder", { exact: true });
    this.dropZone = page.getByText("Drop files, folders or a .zip here");
    this.summary = page.getByRole("region", { name: "Summary" });
    this.rows = page.getByRole("list", { name: "Uploaded files" }).getByTestId("upload-row");
    this.progressBars = page.getByRole("list", { name: "Uploaded files" }).getByRole("progressbar");
  }

  async goto() {
    await this.page.goto("/upload");
    await expect(this.page.getByRole("heading", { level: 1, name: "Upload" })).toBeVisible();
  }

  /** The row of the file sent under exactly this relative path. */
  row(path: string): Locator {
    return this.rows.filter({ has: this.page.getByTestId("upload-path").getByText(path, { exact: true }) });
  }

  status(row: Locator): Locator {
    return row.locator("[data-status]");
  }

  /** Every file answered: the summary says so and no row is queued or uploading. */
  async waitUntilDone(timeout = 60_000) {
    await expect(this.summary.getByRole("status")).toHaveText(/^Done:/, { timeout });
    await expect(this.rows.locator('[data-status="queued"], [data-status="uploading"]')).toHaveCount(0);
  }

  /** A summary figure by its label ("Sessions stored"). */
  figure(label: string): Locator {
    return this.summary
      .locator("dl > div")
      .filter({ has: this.page.locator("dt", { hasText: label }) })
      .locator("dd");
  }
}
