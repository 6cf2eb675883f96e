import { expect, test } from "./support/test";

const PAYLOAD = "<img src=x onerror=alert(1)>";
const SLUG = "e2e-xss";
const SESSION = "7b0c2f1e-5d4a-4c39-9e1b-0a2d3c4e5f60";

/** A Claude Code transcript whose prompt, file paths and commands carry HTML and javascript: links. */
function hostileTranscript(): string {
  const base = {
    sessionId: SESSION,
    cwd: `/home/dev/${PAYLOAD}`,
    gitBranch: "main",
    version: "2.0.55",
    isSidechain: false,
    userType: "external",
  };
  const at = (i: number) => new Date(Date.UTC(2026, 10, 21, 9) + i * 1000).toISOString();
  const tools: [string, Record<string, unknown>][] = [
    ["Read", { file_path: `/home/dev/app/${PAYLOAD}.ts` }],
    ["Edit", { file_path: `/home/dev/app/${PAYLOAD}.ts`, old_string: "a", new_string: "b" }],
    ["Bash", { command: `echo "${PAYLOAD}" && open javascript:alert(2)` }],
  ];
  const prompt = `Fix [this link](javascript:alert(3)) and ${PAYLOAD} <script>alert(4)</script>`;
  const lines: unknown[] = [
    {
      ...base,
      type: "user",
      uuid: "u0",
      parentUuid: null,
      timestamp: at(0),
      message: { role: "user", content: prompt },
    },
  ];
  tools.forEach(([name, input], i) => {
    lines.push({
      ...base,
      type: "assistant",
      uuid: `a${i}`,
      parentUuid: null,
      timestamp: at(2 * i + 1),
      requestId: `req-${i}`,
      message: {
        id: `msg-${i}`,
        role: "assistant",
        model: "claude-sonnet-4-5",
        content: [{ type: "tool_use", id: `t${i}`, name, input }],
        usage: { input_tokens: 1, output_tokens: 1 },
      },
    });
    lines.push({
      ...base,
      type: "user",
      uuid: `r${i}`,
      parentUuid: `a${i}`,
      timestamp: at(2 * i + 2),
      message: { role: "user", content: [{ type: "tool_result", tool_use_id: `t${i}`, content: PAYLOAD }] },
    });
  });
  return lines.map((line) => JSON.stringify(line)).join("\n");
}

test("HTML and javascript: links in a transcript render as inert text on every page that shows them", async ({
  page,
  request,
}) => {
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  const response = await request.post(`/api/v1/ingest?project=${SLUG}&name=${SESSION}.jsonl`, {
    data: hostileTranscript(),
    headers: { "content-type": "application/x-ndjson" },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { files } = (await response.json()) as { files: { sessions: { id: number }[] }[] };
  const id = files[0]!.sessions[0]!.id;

  const inert = async (where: string) => {
    await expect(page.locator('img[src="x"]'), `no injected <img> on ${where}`).toHaveCount(0);
    await expect(page.locator('a[href^="javascript:" i]'), `no javascript: link on ${where}`).toHaveCount(0);
    await expect(
      page.locator("script:not([src])").filter({ hasText: "alert(" }),
      `no injected script on ${where}`,
    ).toHaveCount(0);
  };

  await page.goto(`/sessions/${id}`);
  await expect(page.getByText(`/home/dev/app/${PAYLOAD}.ts`).first()).toBeVisible();
  await expect(page.getByText(`echo "${PAYLOAD}"`, { exact: false }).first()).toBeVisible();
  await inert("the session page");

  await page.goto(`/projects/${SLUG}`);
  await expect(page.getByRole("table").getByRole("row")).not.toHaveCount(1);
  await inert("the sessions list");

  await page.goto(`/memories?project=${SLUG}`);
  await inert("the memories page");

  await page.goto(`/projects/${SLUG}/guidance`);
  await inert("the guidance page");

  await page.goto("/");
  await inert("the overview");

  expect(dialogs, "no script from the transcript ran").toEqual([]);
});
