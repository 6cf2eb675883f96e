import { expect, test, type APIRequestContext } from "./support/test";
import { MemoriesPage } from "./pages/memories-page";
import { ingestAcos } from "./support/ingest";
import { saveScreenshot } from "./support/screenshot";

const SLUG = "e2e-memories";
// Words no generated session uses, so every search below sees only what this spec wrote.
const WORD = "zephyrquokka";

async function addMemory(request: APIRequestContext, body: Record<string, unknown>) {
  const response = await request.post("/api/v1/memories", { data: { project: SLUG, ...body } });
  expect(response.status(), await response.text()).toBe(201);
}

test.beforeAll(async ({ request }) => {
  await ingestAcos(request, SLUG, 404, 12);
  await addMemory(request, {
    category: "decision",
    content: `Prefer ${WORD} fixtures over mocks when testing the parser.`,
    tags: ["fixtures"],
    confidence: 0.7,
  });
  await addMemory(request, {
    category: "error",
    content: `The ${WORD} upload step times out on CI when the cache is cold.`,
    tags: ["ci"],
    confidence: 0.6,
  });
});

test("typing searches as you type, highlights the words and keeps the query in the URL", async ({ page }) => {
  const memories = new MemoriesPage(page);
  await memories.goto();
  await expect(memories.heading).toHaveText("Memories");

  await memories.type(WORD);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${WORD}`));
  await expect(memories.count).toHaveText(`2 memories match “${WORD}”`);
  await expect(memories.cards).toHaveCount(2);
  await expect(memories.cards.first().locator("mark").first()).toHaveText(WORD);
  await expect(memories.searchBox).toBeFocused();
  await saveScreenshot(page, "memories-search");

  await page.reload();
  await expect(memories.searchBox).toHaveValue(WORD);
  await expect(memories.cards).toHaveCount(2);
});

test("a category facet narrows the results and shows its count", async ({ page }) => {
  const memories = new MemoriesPage(page);
  await memories.goto(`?q=${WORD}`);
  await expect(memories.facet("Categories", "decision")).toContainText("1");

  await memories.facet("Categories", "decision").click();
  await expect(page).toHaveURL(/category=decision/);
  await expect(memories.cards).toHaveCount(1);
  await expect(memories.cards.first()).toContainText("fixtures over mocks");
  await expect(memories.facet("Categories", "decision")).toHaveAttribute("aria-current", "true");

  await page.getByRole("link", { name: "All categories" }).click();
  await expect(memories.cards).toHaveCount(2);
});

test("a memory learned from a session links to that session", async ({ page }) => {
  const memories = new MemoriesPage(page);
  await memories.goto(`?project=${SLUG}&sort=recent`);
  const source = page.getByRole("link", { name: /^From session #\d+$/ }).first();
  const name = (await source.textContent()) ?? "";
  const id = /#(\d+)/.exec(name)?.[1];
  await source.click();
  await expect(page).toHaveURL(`/sessions/${id}`);
  await expect(page.getByRole("region", { name: "Memory" })).toBeVisible();
});

test("a person adds a memory, finds it, edits it, and deletes it after confirming", async ({ page }) => {
  const memories = new MemoriesPage(page);
  await memories.goto();

  await memories.add({
    content: "Run the quillfeather linter before every commit.",
    category: "preference",
    tags: "lint quillfeather",
    project: SLUG,
  });
  await expect(memories.dialog).toBeHidden();
  await memories.type("quillfeather");
  const card = memories.card("quillfeather linter");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("Added by hand");
  await expect(card).toContainText("80% confidence · not decayed yet");

  await memories.edit(card, { content: "Run the quillfeather linter twice, then the marmalade formatter." });
  await expect(memories.dialog).toBeHidden();
  await memories.type("marmalade");
  await expect(memories.card("marmalade formatter")).toHaveCount(1);

  const edited = memories.card("marmalade formatter");
  await edited.getByRole("button", { name: "Delete" }).click();
  await expect(edited.getByText("Delete this memory?")).toBeVisible();
  await expect(edited.getByRole("button", { name: "Cancel" })).toBeFocused();
  await edited.getByRole("button", { name: "Cancel" }).click();
  await expect(edited).toHaveCount(1);

  await edited.getByRole("button", { name: "Delete" }).click();
  await edited.getByRole("button", { name: "Yes, delete" }).click();
  await expect(memories.cards).toHaveCount(0);
  await expect(page.getByText("No memories match.")).toBeVisible();
  await memories.type("quillfeather");
  await expect(page.getByText("No memories match.")).toBeVisible();
});

test("a person who pastes a secret into a memory is told it was redacted, and the memory holds none", async ({
  page,
}) => {
  const memories = new MemoriesPage(page);
  await memories.goto();
  // Joined from pieces, so this file holds nothing a secret scanner would take for a live key.
  const key = ["AK", "IA", "ZQ3RX7WNB4CT5YUD"].join("");
  await memories.add({ content: `Deploy the pelicanbrisk stack with ${key} as the key.`, project: SLUG });
  await expect(memories.dialog.getByRole("status")).toContainText("1 secret was redacted");
  await memories.dialog.getByRole("button", { name: "Done" }).click();
  await expect(memories.dialog).toBeHidden();
  await memories.type("pelicanbrisk");
  const card = memories.card("pelicanbrisk stack");
  await expect(card).toContainText("[REDACTED:aws-access-key-id]");
  await expect(card).not.toContainText(key);
});

test("the form shows the API's error inline and keeps what was typed", async ({ page }) => {
  const memories = new MemoriesPage(page);
  await memories.goto();
  await memories.add({ content: "Tags must be single tokens.", tags: "Bad!Tag" });
  await expect(memories.dialog.getByRole("alert")).toContainText("not a tag");
  await expect(memories.dialog.getByLabel("Content")).toHaveValue("Tags must be single tokens.");
  await memories.dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(memories.dialog).toBeHidden();
});

test("pinning a memory stops its decay, and unpinning lets it decay again", async ({ page }) => {
  const memories = new MemoriesPage(page);
  await memories.goto(`?q=${WORD}&category=error`);
  const card = memories.card("upload step times out");
  await expect(card).toContainText("halves every 30 days");

  await card.getByRole("button", { name: "Pin" }).click();
  await expect(card).toContainText("pinned — never decays");
  await saveScreenshot(page, "memories-pinned");
  await card.getByRole("button", { name: "Unpin" }).click();
  await expect(card).toContainText("halves every 30 days");
});
