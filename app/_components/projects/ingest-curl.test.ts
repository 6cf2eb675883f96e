import { describe, expect, it } from "vitest";
import { ingestCurl } from "./ingest-curl";

describe("ingestCurl", () => {
  it("sends the token from the environment and escapes the project", () => {
    expect(ingestCurl("https://starlight.example", "my app")).toBe(
      'curl -X POST -H "Authorization: Bearer $STARLIGHT_TOKEN" --data-binary @trajectories.jsonl "https://starlight.example/api/v1/ingest?project=my%20app"',
    );
  });
});
