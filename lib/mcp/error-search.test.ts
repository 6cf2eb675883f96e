import { describe, expect, it } from "vitest";
import { errorSearches } from "./error-search";

describe("errorSearches", () => {
  it("keeps a plain query as its one search", () => {
    expect(errorSearches("deploy checklist")).toEqual(["deploy checklist"]);
    expect(errorSearches("  Host key verification failed.  ")).toEqual(["Host key verification failed."]);
    expect(errorSearches(")))")).toEqual([")))"]);
  });

  it("tries a pasted traceback's error line, then its stable words, without the module's name", () => {
    const traceback =
      "Traceback (most recent call last):\n  File \"/home/me/app/main.py\", line 3, in <module>\n    import foo\nModuleNotFoundError: No module named 'foo'";
    expect(errorSearches(traceback)).toEqual([
      traceback,
      "ModuleNotFoundError: No module named 'foo'",
      "ModuleNotFoundError: No module named",
    ]);
  });

  it("drops paths and numbers from the last search", () => {
    expect(
      errorSearches("Error: ENOENT: no such file or directory, open '/srv/app/dist/index.html' at line 12"),
    ).toEqual([
      "Error: ENOENT: no such file or directory, open '/srv/app/dist/index.html' at line 12",
      "Error: ENOENT: no such file or directory, open at line",
    ]);
  });
});
