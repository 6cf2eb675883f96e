import { describe, expect, it } from "vitest";
import { apiFailure, failureText } from "./api-failure";

describe("apiFailure", () => {
  it("takes the API's message and the first message of each field, by the field's first segment", () => {
    const body = {
      error: {
        code: "invalid_body",
        message: "The body is invalid.",
        details: [
          { field: "tags.0", message: "too long" },
          { field: "tags.1", message: "also too long" },
          { field: "content", message: "required" },
          { field: null, message: "no field" },
          "not a detail",
        ],
      },
    };
    expect(apiFailure(422, body, null)).toEqual({
      status: 422,
      message: "The body is invalid.",
      fields: { tags: "too long", content: "required" },
      retryAfter: null,
    });
  });

  it("falls back to the status when the answer is not an API error", () => {
    expect(apiFailure(502, "<html>Bad gateway</html>", null).message).toBe("The server answered HTTP 502.");
    expect(apiFailure(500, null, null)).toEqual({
      status: 500,
      message: "The server answered HTTP 500.",
      fields: {},
      retryAfter: null,
    });
    expect(apiFailure(404, { error: { message: "project not found", details: "odd" } }, null)).toEqual({
      status: 404,
      message: "project not found",
      fields: {},
      retryAfter: null,
    });
  });

  it("reads Retry-After on a 429 only, and says how long to wait when the server gives no message", () => {
    expect(apiFailure(429, null, "12")).toMatchObject({
      retryAfter: 12,
      message: "Too many attempts; try again in 12 s.",
    });
    expect(apiFailure(429, { error: { message: "Too many sign-ins." } }, "abc")).toMatchObject({
      retryAfter: null,
      message: "Too many sign-ins.",
    });
    expect(apiFailure(503, null, "12").retryAfter).toBeNull();
  });
});

describe("failureText", () => {
  it("names each field's message, else gives the API's message", () => {
    expect(
      failureText(
        apiFailure(
          422,
          {
            error: {
              message: "invalid",
              details: [
                { field: "tags.0", message: "too long" },
                { field: "content", message: "required" },
              ],
            },
          },
          null,
        ),
      ),
    ).toBe("Tags: too long Content: required");
    expect(failureText(apiFailure(409, { error: { message: "already exists" } }, null))).toBe("already exists");
  });
});
