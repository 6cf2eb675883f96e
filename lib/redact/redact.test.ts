import { describe, expect, it } from "vitest";
import { redactDeep, redactSecrets } from "@/lib/redact";

describe("redactSecrets: provider credentials", () => {
  it.each([
    ["export AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE", "export AWS_ACCESS_KEY_ID=[REDACTED:aws-access-key-id]"],
    ['"AccessKeyId": "ASIAY34FZKBOKMUTVV7A",', '"AccessKeyId": "[REDACTED:aws-access-key-id]",'],
    [
      "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
      "aws_secret_access_key = [REDACTED:aws-secret-access-key]",
    ],
    [
      "git remote set-url origin https://ghp_R8xk2Lm9Qp4Zt7Vw1Yb3Nc6Hd5Fg0Js2Ka9P@github.com/acme/shop.git",
      "git remote set-url origin https://[REDACTED:github-token]@github.com/acme/shop.git",
    ],
    [
      "gh auth login --with-token <<< gho_16C7e42F292c6912E7710c838347Ae178B4a",
      "gh auth login --with-token <<< [REDACTED:github-token]",
    ],
    [
      "GH_PAT: github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456",
      "GH_PAT: [REDACTED:github-token]",
    ],
    [
      "//registry.npmjs.org/:_authToken=npm_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8",
      "//registry.npmjs.org/:_authToken=[REDACTED:npm-token]",
    ],
    [
      'client = OpenAI(api_key="sk-proj-Ab3dEf6hIj9kLmNoPqRsTuVwXyZ0123456789abcdEFGH")',
      'client = OpenAI(api_key="[REDACTED:openai-key]")',
    ],
    ["OPENAI_API_KEY=sk-4fTq9ZbW2xYv8LmN3pQr7StU1vWx5YzA6bCd0EfGh2Ij", "OPENAI_API_KEY=[REDACTED:openai-key]"],
    [
      "ANTHROPIC_API_KEY=sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcdefAA",
      "ANTHROPIC_API_KEY=[REDACTED:anthropic-key]",
    ],
    ["SLACK_BOT_TOKEN=xoxb-1234567890-0987654321-AbCdEfGhIjKlMnOpQrStUvWx", "SLACK_BOT_TOKEN=[REDACTED:slack-token]"],
    [
      'const maps = new Loader({ apiKey: "AIzaSyA1bC2dE3fG4hI5jK6lM7nO8pQ9rS0tU1v" });',
      'const maps = new Loader({ apiKey: "[REDACTED:google-api-key]" });',
    ],
  ])("%s", (text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
  });
});

describe("redactSecrets: tokens in transit and private blocks", () => {
  it("keeps the header of a bearer token but not the token, and leaves shell variables alone", () => {
    expect(redactSecrets('curl -H "Authorization: Bearer abc123.def456-ghi" https://api.example.com/v1/me')).toBe(
      'curl -H "Authorization: Bearer [REDACTED:bearer-token]" https://api.example.com/v1/me',
    );
    expect(redactSecrets('headers: { "Authorization": "Bearer 9f8e7d6c5b4a" }')).toBe(
      'headers: { "Authorization": "Bearer [REDACTED:bearer-token]" }',
    );
    expect(redactSecrets("curl -H 'Authorization: Bearer $TOKEN' https://api.example.com")).toBe(
      "curl -H 'Authorization: Bearer $TOKEN' https://api.example.com",
    );
  });

  it("replaces a JWT wherever it appears", () => {
    const jwt =
      "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c";
    expect(redactSecrets(`{"id_token":"${jwt}"}`)).toBe('{"id_token":"[REDACTED:jwt]"}');
  });

  it("replaces a PEM private key block, and one whose END line was cut off", () => {
    const pem =
      "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM2\nq7rWfzN2KhCMhEpoaEf==\n-----END RSA PRIVATE KEY-----";
    expect(redactSecrets(`key.pem:\n${pem}\nsaved`)).toBe("key.pem:\n[REDACTED:private-key]\nsaved");
    expect(
      redactSecrets('{"private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBg\\n-----END PRIVATE KEY-----\\n"}'),
    ).toBe('{"private_key": "[REDACTED:private-key]\\n"}');
    expect(redactSecrets("-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA")).toBe(
      "[REDACTED:private-key]",
    );
  });

  it("replaces the password of a URL, keeping user and host", () => {
    expect(redactSecrets("DATABASE_URL=postgres://admin:s3cr3t-Pa55@db.internal:5432/app")).toBe(
      "DATABASE_URL=postgres://admin:[REDACTED:url-password]@db.internal:5432/app",
    );
    expect(redactSecrets("redis://default:hunter2@cache:6379")).toBe(
      "redis://default:[REDACTED:url-password]@cache:6379",
    );
    expect(redactSecrets("https://user:${PASSWORD}@host/x")).toBe("https://user:${PASSWORD}@host/x");
  });

  it("replaces <private> spans across lines, and an unclosed one to the end", () => {
    expect(redactSecrets("Plan:\n<private>my salary is 120k\nand my address</private>\nthen ship")).toBe(
      "Plan:\n[REDACTED:private]\nthen ship",
    );
    expect(redactSecrets("a <private>x</private> b <private>y</private> c")).toBe(
      "a [REDACTED:private] b [REDACTED:private] c",
    );
    expect(redactSecrets("note <private>never closed\nstill private")).toBe("note [REDACTED:private]");
  });
});

describe("redactSecrets: assignments", () => {
  it.each([
    ["password = hunter2", "password = [REDACTED:password]"],
    ['DB_PASSWORD="correct horse battery staple"', 'DB_PASSWORD="[REDACTED:password]"'],
    ["DB_PASSWORD=hunter", "DB_PASSWORD=[REDACTED:password]"],
    ["export STRIPE_SECRET=whsec_abcdef", "export STRIPE_SECRET=[REDACTED:secret]"],
    ["client_secret: 'Zx81-ff'", "client_secret: '[REDACTED:secret]'"],
    ['{"api_key": "abcd", "tokens": 5}', '{"api_key": "[REDACTED:api-key]", "tokens": 5}'],
    ["SENTRY_AUTH_TOKEN=sntrys_eyJpYXQiOjE3MDA", "SENTRY_AUTH_TOKEN=[REDACTED:token]"],
    ["access_key: AB12cd34EF", "access_key: [REDACTED:access-key]"],
    ["SECRET_KEY = 'django-insecure-9x!k'", "SECRET_KEY = '[REDACTED:secret]'"],
    ["passwd=letmein1", "passwd=[REDACTED:password]"],
    ["gh release create --token=abc", "gh release create --token=[REDACTED:token]"],
    ["spring.datasource.password=xJTzXBfgxClDTH", "spring.datasource.password=[REDACTED:password]"],
    ["'ALGOLIA_ADMIN_KEY=9oitSlJaRgRXwpkt1JZbVLmo6sQMmcHeSVA1npwP'", "'ALGOLIA_ADMIN_KEY=[REDACTED:api-key]'"],
    ['MEILI_MASTER_KEY="a1b2c3d4e5"', 'MEILI_MASTER_KEY="[REDACTED:api-key]"'],
  ])("%s", (text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
  });

  it.each([
    "const token: string = await getToken();",
    "password: z.string().min(8),",
    "secret = process.env.SECRET",
    "client = OpenAI(api_key=api_key)",
    "max_tokens=4096 input_tokens: 12",
    "GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}",
    "--password=$PW",
    "print(f\"Processing token: '{token}'\")",
    "tokenizer.add_special_tokens({'pad_token': '[PAD]'})",
    'api_key: "<your-api-key>"',
    "self.tokenizer = AutoTokenizer.from_pretrained(model_name)",
  ])("leaves code and placeholders alone: %s", (text) => {
    expect(redactSecrets(text)).toBe(text);
  });
});

describe("redactSecrets: ordinary text is not mangled", () => {
  it.each([
    "Open the password reset page and check the token expiry copy.",
    "commit 5c1b231 (6eea407..5c1b231 main -> main)",
    "session ba79134d-b6e9-4867-af0c-6941038c9e4b, message msg_01Vb73KmJ44YzFjtmgaVXnZ6, tool toolu_01LjFNEf5XrVHXXTePS4tRFR",
    "/Users/chip/dev/ai-music/diverse_musical_ai.py:73: SyntaxError",
    "pip install scikit-learn; sk-learn-compatible-estimators-are-nice",
    "git@github.com:chiphuyen/ai-music.git (fetch)",
    "http://localhost:3000/api/v1/ingest?project=shop",
    "The bearer of this letter is a friend.",
    "Passwords must be at least 12 characters; secrets live in the vault.",
  ])("%s", (text) => {
    expect(redactSecrets(text)).toBe(text);
  });
});

describe("redactSecrets: idempotent", () => {
  it("changes nothing the second time, so stored text parsed again reads the same", () => {
    const texts = [
      "AKIAIOSFODNN7EXAMPLE ghp_R8xk2Lm9Qp4Zt7Vw1Yb3Nc6Hd5Fg0Js2Ka9P sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789",
      'DB_PASSWORD="x" api_key: "y" token=abc1 https://u:p4ss@h Authorization: Bearer abc.def',
      '{"private_key": "-----BEGIN PRIVATE KEY-----\\nMIIE\\n-----END PRIVATE KEY-----\\n"} <private>a</private>',
    ];
    for (const text of texts) {
      const once = redactSecrets(text);
      expect(once).not.toBe(text);
      expect(redactSecrets(once)).toBe(once);
    }
  });
});

describe("redactDeep", () => {
  it("redacts every string at any depth, keeping keys, and shares what did not change", () => {
    const clean = { model: "claude-opus-4-5", usage: { input_tokens: 4 } };
    const record = {
      type: "user",
      message: { content: [{ type: "text", text: "key AKIAIOSFODNN7EXAMPLE" }, clean], n: 3, ok: true, none: null },
    };
    const out = redactDeep(record);
    expect(out).toEqual({
      type: "user",
      message: {
        content: [{ type: "text", text: "key [REDACTED:aws-access-key-id]" }, clean],
        n: 3,
        ok: true,
        none: null,
      },
    });
    expect(out.message.content[1]).toBe(clean);
    expect(record.message.content[0]).toEqual({ type: "text", text: "key AKIAIOSFODNN7EXAMPLE" });
    expect(redactDeep(clean)).toBe(clean);
    expect(redactDeep("password=hunter2")).toBe("password=[REDACTED:password]");
  });

  it("redacts a field named __proto__ as a plain field", () => {
    const record = JSON.parse('{"__proto__": "token=abc123def"}') as Record<string, unknown>;
    const out = redactDeep(record);
    expect(Object.getOwnPropertyDescriptor(out, "__proto__")?.value).toBe("token=[REDACTED:token]");
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });
});
