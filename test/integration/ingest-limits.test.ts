import { afterEach, describe, expect, it } from "vitest";
import { POST } from "@/app/api/v1/ingest/route";
import { createUser } from "@/lib/server/auth/accounts";
import { issueToken } from "@/lib/server/auth/issue-token";
import { seedAdmin } from "./support/auth";
import { getDb } from "@/db/client";

const MB = 1024 * 1024;
const BOUNDARY = "limits";

/** A body of `total` bytes made as it is pulled, a chunk at a time, counting what the server took of it. */
function endless(total: number, chunk: (i: number) => Uint8Array) {
  const seen = { pulled: 0 };
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.pulled >= total) return controller.close();
      const next = chunk(i++);
      seen.pulled += next.length;
      controller.enqueue(next);
    },
  });
  return { body, seen };
}

function post(token: string, body: ReadableStream<Uint8Array>, type: string, query = ""): Promise<Response> {
  const headers = { authorization: `Bearer ${token}`, "content-type": type };
  return POST(
    new Request(`http://localhost/api/v1/ingest${query}`, {
      method: "POST",
      body,
      headers,
      duplex: "half",
    } as RequestInit),
  );
}

const raw = (size: number) => () => new Uint8Array(size).fill(0x20);

describe("POST /api/v1/ingest reads no more of a body than it must", () => {
  afterEach(() => {
    delete process.env.STARLIGHT_MAX_BODY_MB;
  });

  it("refuses a caller who may upload nowhere before reading the body: a read-only token, a token of someone in no project", async () => {
    const { user } = await seedAdmin();
    const readOnly = (
      await issueToken(getDb(), { userId: user.id, name: "read only", permissions: ["read"], projectIds: null })
    ).token;
    const nobody = await createUser(getDb(), {
      email: "nobody@starlight.test",
      name: "Nobody",
      password: "nobody-password-1234",
      isAdmin: false,
    });
    const noProject = (
      await issueToken(getDb(), {
        userId: nobody.id,
        name: "no project",
        permissions: ["read", "ingest"],
        projectIds: null,
      })
    ).token;
    for (const token of [readOnly, noProject]) {
      const { body, seen } = endless(400 * MB, raw(MB));
      const response = await post(token, body, "application/x-ndjson", "?name=big.jsonl");
      expect(response.status).toBe(403);
      expect((await response.json()).error.message).toMatch(/may not upload to any project/);
      expect(seen.pulled).toBeLessThanOrEqual(2 * MB);
    }
  });

  it("counts a form's fields against the body limit, and refuses a field over 64 KB as soon as it arrives", async () => {
    const { token } = await seedAdmin();
    const field = (i: number) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\n${"x".repeat(MB)}\r\n`;
    const { body, seen } = endless(150 * MB, (i) => new TextEncoder().encode(field(i)));
    const response = await post(token, body, `multipart/form-data; boundary=${BOUNDARY}`, "?project=fields");
    expect(response.status).toBe(413);
    expect((await response.json()).error.message).toMatch(/field "f0" is larger than 64 KB/);
    expect(seen.pulled).toBeLessThan(10 * MB);
  });

  it("counts small fields against the body limit too", async () => {
    process.env.STARLIGHT_MAX_BODY_MB = "1";
    const { token } = await seedAdmin();
    const field = (i: number) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\n${"x".repeat(60 * 1024)}\r\n`;
    const { body } = endless(1.5 * MB, (i) => new TextEncoder().encode(field(i % 19)));
    const response = await post(token, body, `multipart/form-data; boundary=${BOUNDARY}`, "?project=fields");
    expect(response.status).toBe(413);
    expect((await response.json()).error.message).toMatch(/larger than the 1 MB limit/);
  });
});
