import { describe, expect, it } from "vitest";
import { commandFamily } from "@/lib/shell/family";

describe("commandFamily", () => {
  it("names the program of the first step that is not setup, with the subcommand of launchers", () => {
    expect(commandFamily("(source .venv/bin/activate && pytest -x)")).toBe("pytest");
    expect(commandFamily("cd web && npm run test:unit")).toBe("npm run");
    expect(commandFamily("uv run pytest test/x.py -v")).toBe("pytest");
    expect(commandFamily("python -m pytest -q")).toBe("python -m pytest");
    expect(commandFamily("./node_modules/.bin/jest --ci")).toBe("jest");
    expect(commandFamily("ruff check deep_manifest/")).toBe("ruff check");
    expect(commandFamily('git commit -m "fix: pytest"')).toBe("git commit");
    expect(commandFamily("cd web")).toBeNull();
  });

  it("knows the setup steps and launchers the purpose reader knows (one table for both)", () => {
    expect(commandFamily("workon api && pytest")).toBe("pytest");
    expect(commandFamily("just test")).toBe("just test");
    expect(commandFamily("./gradlew build")).toBe("./gradlew build");
    expect(commandFamily("pdm run pytest -q")).toBe("pytest");
  });
});
