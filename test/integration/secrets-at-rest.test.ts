import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { GET as whoAmI, POST as signIn } from "@/app/api/v1/session/route";
import { PUT as changePassword } from "@/app/api/v1/account/password/route";
import { POST as setup } from "@/app/api/v1/setup/route";
import { POST as createToken } from "@/app/api/v1/tokens/route";
import { POST as addUser } from "@/app/api/v1/users/route";
import { closeDb, getDb, isPostgres, sqliteOf } from "@/db/client";
import { statement } from "@/db/engine/statement";
import { findUserByEmail } from "@/db/queries/users";
import { transcriptBytes, type StoredContent } from "@/db/transcript-content";
import { secretHash, TOKEN_PREFIX, tokenDisplayPrefix } from "@/lib/auth/secrets";
import { PLANTED } from "@/test/fixtures/secrets/planted";
import { postFiles } from "./ingest-client";
import { postgresStoredBytes } from "./support/stored-values";
import { setupCode } from "@/lib/server/auth/setup-code";

const EMAIL = "owner@example.com";
const PASSWORD = "Tr0ub4dor-and-3-horses";
const NEW_PASSWORD = "changed-later-Xq7!-password";
const WRONG_PASSWORD = "wrong-but-distinctive-guess-42";
const COLLEAGUE_PASSWORD = "first-password-handed-to-a-colleague";
const BROWSER = {
  "content-type": "application/json",
  "sec-fetch-site": "same-origin",
  "x-starlight-peer": "198.51.100.77",
};

/** A JSON request from Starlight's own pages, signed in with `signIn` if given. */
function browser(url: string, body: unknown, signIn?: string, method = "POST") {
  const headers = { ...BROWSER, ...(signIn ? { cookie: `starlight_session=${signIn}` } : {}) };
  return new Request(url, { method, headers, body: JSON.stringify(body) });
}

/** The cookie value a response sets. */
function signInSecret(response: Response): string {
  const match = /^starlight_session=([^;]+);/.exec(response.headers.get("set-cookie") ?? "");
  if (!match) throw new Error(`no sign-in cookie in ${response.status} answer`);
  return match[1]!;
}

/** Every byte SQLite has written: the database file and, while it is open, its write-ahead log. */
function fileBytes(): Buffer {
  const file = process.env.STARLIGHT_DB!;
  return Buffer.concat([file, `${file}-wal`].filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f)));
}

const onPostgres = () => isPostgres(getDb());

/** Every transcript part SQLite holds, uncompressed: the file holds them compressed (db/transcript-content.ts). */
async function sqliteTranscripts(): Promise<Buffer[]> {
  const rows = await statement<{ content: StoredContent }>(`SELECT content FROM transcript_files`).all(getDb());
  return rows.map((row) => transcriptBytes(row.content));
}

/**
 * What the database holds: SQLite's file bytes with its transcripts uncompressed, or every value PostgreSQL stores
 * (its own files are the server's).
 */
async function storedBytes(): Promise<Buffer> {
  return onPostgres() ? postgresStoredBytes(getDb()) : Buffer.concat([fileBytes(), ...(await sqliteTranscripts())]);
}

/** The secret as text, and as the encodings a careless store might use. */
function forms(secret: string): Record<string, Buffer> {
  const utf8 = Buffer.from(secret);
  return {
    text: utf8,
    utf16: Buffer.from(secret, "utf16le"),
    base64: Buffer.from(utf8.toString("base64")),
    hex: Buffer.from(utf8.toString("hex")),
  };
}

/** A base64url secret's random bytes, raw and in hex (as a blob or hex column would hold them). */
function decodedForms(secret: string): Record<string, Buffer> {
  const raw = Buffer.from(secret, "base64url");
  return { raw, rawHex: Buffer.from(raw.toString("hex")) };
}

function expectAbsent(bytes: Buffer, what: string, found: Record<string, Buffer>) {
  for (const [form, needle] of Object.entries(found))
    expect(bytes.includes(needle), `${what} (${form}) is in the database file`).toBe(false);
}

describe("secrets at rest", () => {
  it("keeps passwords, sign-in cookies and API tokens out of the database file, storing only their hashes", async () => {
    const created = await setup(
      browser("http://localhost/api/v1/setup", {
        code: await setupCode(getDb()),
        email: EMAIL,
        name: "Owner",
        password: PASSWORD,
      }),
    );
    expect(created.status).toBe(201);
    const setupSignIn = signInSecret(created);

    const refused = await signIn(
      browser("http://localhost/api/v1/session", { email: EMAIL, password: WRONG_PASSWORD }),
    );
    expect(refused.status).toBe(401);
    const signedIn = await signIn(browser("http://localhost/api/v1/session", { email: EMAIL, password: PASSWORD }));
    expect(signedIn.status).toBe(200);
    const signedInSecret = signInSecret(signedIn);

    const added = await addUser(
      browser(
        "http://localhost/api/v1/users",
        { email: "colleague@example.com", name: "Colleague", password: COLLEAGUE_PASSWORD },
        signedInSecret,
      ),
    );
    expect(added.status).toBe(201);

    const issued = await createToken(
      browser(
        "http://localhost/api/v1/tokens",
        { name: "laptop hook", permissions: ["read", "ingest"], projects: "all" },
        signedInSecret,
      ),
    );
    expect(issued.status).toBe(201);
    const { token } = (await issued.json()) as { token: string };
    expect(token).toMatch(/^sl_/);
    const used = await whoAmI(
      new Request("http://localhost/api/v1/session", { headers: { authorization: `Bearer ${token}` } }),
    );
    expect(used.status).toBe(200);
    expect(((await used.json()) as { kind: string }).kind).toBe("token");

    // Changing the password signs every sign-in out and starts a fresh one for this browser.
    const changed = await changePassword(
      browser(
        "http://localhost/api/v1/account/password",
        { current: PASSWORD, next: NEW_PASSWORD },
        signedInSecret,
        "PUT",
      ),
    );
    expect(changed.status).toBe(204);
    const newSignIn = signInSecret(changed);

    const hashes = [
      (await findUserByEmail(getDb(), EMAIL))!.passwordHash,
      (await findUserByEmail(getDb(), "colleague@example.com"))!.passwordHash,
    ];
    const check = (bytes: Buffer) => {
      expectAbsent(bytes, "the first password", forms(PASSWORD));
      expectAbsent(bytes, "the new password", forms(NEW_PASSWORD));
      expectAbsent(bytes, "the colleague's password", forms(COLLEAGUE_PASSWORD));
      expectAbsent(bytes, "a mistyped password", forms(WRONG_PASSWORD));
      for (const [name, secret] of [
        ["the setup sign-in cookie", setupSignIn],
        ["the sign-in cookie", signedInSecret],
        ["the new sign-in cookie", newSignIn],
      ] as const) {
        expectAbsent(bytes, name, { ...forms(secret), ...decodedForms(secret) });
      }
      expect(bytes.includes(secretHash(newSignIn)), "the live sign-in's hash").toBe(true);
      expectAbsent(bytes, "the API token", forms(token));
      expectAbsent(bytes, "the API token's secret part", {
        ...forms(token.slice(TOKEN_PREFIX.length)),
        ...decodedForms(token.slice(TOKEN_PREFIX.length)),
      });
      expect(bytes.includes(secretHash(token)), "the API token's hash").toBe(true);
      expect(bytes.includes(tokenDisplayPrefix(token)), "the API token's display prefix").toBe(true);
      for (const hash of hashes) expect(bytes.includes(hash), `the password hash ${hash.slice(0, 30)}…`).toBe(true);
    };

    // While open, recent writes sit in the write-ahead log; on close they are checkpointed into the file.
    check(await storedBytes());
    const postgres = onPostgres();
    await closeDb();
    // A write-ahead log file beside the database is SQLite's only; PostgreSQL is read again through a new pool.
    if (!postgres) expect(fs.existsSync(`${process.env.STARLIGHT_DB}-wal`)).toBe(false);
    check(await storedBytes());
  });

  it("keeps every planted secret of a transcript out of the database file, full-text index included", async () => {
    const session = "5ec12e75-0000-4000-8000-0000000ba5e5";
    const base = {
      sessionId: session,
      cwd: "/home/dev/shop",
      gitBranch: "main",
      version: "2.0.55",
      isSidechain: false,
      userType: "external",
    };
    const at = (i: number) => new Date(Date.UTC(2026, 10, 20, 10, 0, i)).toISOString();
    // Each secret three ways: said by the user, typed into a Bash command, and printed back by the tool.
    const lines = PLANTED.flatMap(({ text }, i) => [
      {
        ...base,
        type: "user",
        uuid: `u${i}`,
        parentUuid: i === 0 ? null : `r${i - 1}`,
        timestamp: at(3 * i),
        message: { role: "user", content: `Please use this: ${text}` },
      },
      {
        ...base,
        type: "assistant",
        uuid: `a${i}`,
        parentUuid: `u${i}`,
        timestamp: at(3 * i + 1),
        requestId: `req_${i}`,
        message: {
          id: `msg_${i}`,
          role: "assistant",
          model: "claude-sonnet-4-5",
          content: [{ type: "tool_use", id: `tu_${i}`, name: "Bash", input: { command: text } }],
          usage: { input_tokens: 10, output_tokens: 5 },
        },
      },
      {
        ...base,
        type: "user",
        uuid: `r${i}`,
        parentUuid: `a${i}`,
        timestamp: at(3 * i + 2),
        message: { role: "user", content: [{ type: "tool_result", tool_use_id: `tu_${i}`, content: `$ ${text}\nok` }] },
      },
    ]);
    const { status, body } = await postFiles([
      { name: `-home-dev-shop/${session}.jsonl`, content: lines.map((l) => JSON.stringify(l)).join("\n") },
    ]);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.files[0]!.sessions).toHaveLength(1);

    if (!onPostgres()) sqliteOf(getDb()).pragma("wal_checkpoint(TRUNCATE)");
    const bytes = await storedBytes();
    expect(bytes.includes(Buffer.from("Please use this")), "the transcript's text is stored").toBe(true);
    expect(bytes.includes(Buffer.from("[REDACTED:")), "redaction left its marks").toBe(true);
    const left = PLANTED.filter(({ secret }) => {
      // Multi-line secrets (PEM, age) are also looked for line by line, and as JSON escapes them.
      const needles = [
        secret,
        JSON.stringify(secret).slice(1, -1),
        ...secret.split("\n").filter((part) => part.length >= 16),
      ];
      return needles.some((needle) => bytes.includes(Buffer.from(needle)));
    });
    expect(left.map((p) => `${p.kind}: ${p.secret.slice(0, 40)}`)).toEqual([]);
  });
});
