import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shellTranscript } from "../factories/transcript";
import { postFiles } from "./ingest-client";
import { seedAdmin } from "./support/auth";
import { startAppServer, type AppServer } from "./support/app-server";

/**
 * Issue 43, class 11: an agent that hits an error asks search_memories with the error's exact text, and finds the
 * project's failure (its command, and the change that fixed it when one did), ingested from a real transcript.
 */

const SLUG = "error-search";
const CWD = `/home/dev/${SLUG}`;
const MIME =
  'Failed to load module script: Expected a JavaScript module script but the server responded with a MIME type of "text/html". Strict MIME type checking is enforced for module scripts per HTML spec.';
let app: AppServer;
let client: Client;

async function search(q: string): Promise<string> {
  const result = (await client.callTool({
    name: "search_memories",
    arguments: { q, project: SLUG },
  })) as CallToolResult;
  expect(result.isError).not.toBe(true);
  return result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
}

beforeAll(async () => {
  const { token } = await seedAdmin();
  const sessions = [
    shellTranscript(
      "0e0e0e0e-0000-4000-8000-000000000001",
      [
        {
          command: "python app.py",
          output:
            "Traceback (most recent call last):\n  File \"/home/dev/error-search/app.py\", line 1, in <module>\nModuleNotFoundError: No module named 'requests'",
          isError: true,
        },
        { command: "pip install requests", output: "Successfully installed requests-2.32.3" },
        { command: "python app.py", output: "Serving on :8000" },
      ],
      { cwd: CWD },
    ),
    shellTranscript(
      "0e0e0e0e-0000-4000-8000-000000000002",
      [
        {
          command: "git pull origin main",
          output: "Host key verification failed.\nfatal: Could not read from remote repository.",
          isError: true,
        },
        {
          command: "npx playwright test",
          output: `Running 4 tests using 2 workers\n${MIME}\n  1 failed`,
          isError: true,
        },
        {
          command: "pip install lxml",
          output:
            "Building wheel for lxml (pyproject.toml) ... error\n  error: subprocess-exited-with-error\nERROR: Could not build wheels for lxml, which is required to install pyproject.toml-based projects",
          isError: true,
        },
      ],
      { cwd: CWD, start: Date.UTC(2026, 10, 21, 10) },
    ),
  ];
  const { status, body } = await postFiles(
    sessions.map((content, i) => ({
      name: `-home-dev-${SLUG}/0e0e0e0e-0000-4000-8000-00000000000${i + 1}.jsonl`,
      content,
    })),
  );
  expect(status, JSON.stringify(body)).toBe(200);
  app = await startAppServer();
  client = new Client({ name: "starlight-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${app.url}/api/v1/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
});

afterAll(async () => {
  await client.close();
  await app.close();
});

describe("search_memories finds the error an agent just hit, by its exact text", () => {
  it("finds a missing module with the install after which the same command passed", async () => {
    const text = await search("ModuleNotFoundError: No module named 'requests'");
    expect(text).toMatch(
      /When python app\.py fails with ModuleNotFoundError: No module named '…', what fixed it: running pip install requests, then python app\.py passed/,
    );
    expect(text).toContain("No module named 'requests'");
  });

  it("finds an error with no fix, saying so, and never a command that merely ran", async () => {
    const text = await search("Host key verification failed.");
    expect(text).toContain("git pull origin main failed with Host key verification failed. — no fix recorded");
    expect(text).not.toMatch(/worked|what fixed it/);
    expect(
      await search(
        "ERROR: Could not build wheels for lxml, which is required to install pyproject.toml-based projects",
      ),
    ).toContain("pip install lxml failed with");
    expect(await search(MIME)).toContain("npx playwright test failed with");
  });

  it("finds the error in a whole pasted traceback through its error line, and says what matched", async () => {
    const text = await search(
      "Traceback (most recent call last):\n  File \"/srv/other/main.py\", line 9, in <module>\n    import requests\nModuleNotFoundError: No module named 'requests'",
    );
    expect(text).toContain(
      "the error's words `ModuleNotFoundError: No module named 'requests'` (none matched the whole text)",
    );
    expect(text).toContain("what fixed it: running pip install requests");
  });
});
