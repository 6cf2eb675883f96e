import { describe, expect, it } from "vitest";
import { readConfig } from "./config";

describe("readConfig: the database", () => {
  it("is the embedded SQLite file unless a PostgreSQL URL is given", () => {
    expect(readConfig({})).toMatchObject({ dbPath: "./data/starlight.db", databaseUrl: null });
    const url = "postgres://starlight:secret@db.internal:5432/starlight";
    expect(readConfig({ STARLIGHT_DATABASE_URL: url }).databaseUrl).toBe(url);
    expect(readConfig({ STARLIGHT_DATABASE_URL: "postgresql://localhost/starlight" }).databaseUrl).toBe(
      "postgresql://localhost/starlight",
    );
  });

  it("names the variable when the URL is not a PostgreSQL one", () => {
    expect(() => readConfig({ STARLIGHT_DATABASE_URL: "mysql://localhost/starlight" })).toThrow(
      /STARLIGHT_DATABASE_URL: a PostgreSQL URL/,
    );
    expect(() => readConfig({ STARLIGHT_DATABASE_URL: "" })).toThrow(/STARLIGHT_DATABASE_URL/);
  });
});
