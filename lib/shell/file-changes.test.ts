import { describe, expect, it } from "vitest";
import { fileChanges } from "@/lib/shell/file-changes";

describe("fileChanges", () => {
  it("reads deletions by rm and git rm, options left out", () => {
    expect(fileChanges("rm src/old.ts")).toEqual([{ kind: "delete", path: "src/old.ts" }]);
    expect(fileChanges("git rm -q src/a.ts src/b.ts")).toEqual([
      { kind: "delete", path: "src/a.ts" },
      { kind: "delete", path: "src/b.ts" },
    ]);
    expect(fileChanges("rm -rf legacy/")).toEqual([{ kind: "delete", path: "legacy" }]);
    expect(fileChanges("git -C /repo rm -r -- ./docs/old")).toEqual([{ kind: "delete", path: "docs/old" }]);
  });

  it("reads moves by mv and git mv, into a folder when the target says so", () => {
    expect(fileChanges("git mv src/a.ts packages/core/src/a.ts")).toEqual([
      { kind: "move", from: "src/a.ts", to: "packages/core/src/a.ts" },
    ]);
    expect(fileChanges("mv -f src/a.ts lib/")).toEqual([{ kind: "move", from: "src/a.ts", to: "lib/a.ts" }]);
    expect(fileChanges("mv a.ts b.ts lib")).toEqual([
      { kind: "move", from: "a.ts", to: "lib/a.ts" },
      { kind: "move", from: "b.ts", to: "lib/b.ts" },
    ]);
  });

  it("joins paths to a cd made earlier in the same command line, and keeps absolute ones", () => {
    expect(fileChanges("cd web && rm src/x.ts && npm test")).toEqual([{ kind: "delete", path: "web/src/x.ts" }]);
    expect(fileChanges("cd web && cd .. && rm a.ts")).toEqual([{ kind: "delete", path: "a.ts" }]);
    expect(fileChanges("rm /home/me/repo/src/x.ts")).toEqual([{ kind: "delete", path: "/home/me/repo/src/x.ts" }]);
  });

  it("leaves alone what it cannot name surely", () => {
    expect(fileChanges("rm *.log")).toEqual([]);
    expect(fileChanges("rm $TMPFILE")).toEqual([]);
    expect(fileChanges('rm "my file.ts"')).toEqual([]);
    expect(fileChanges("git rm --cached .env")).toEqual([]);
    expect(fileChanges("mv -t lib a.ts")).toEqual([]);
    expect(fileChanges("rm ../outside.ts")).toEqual([]);
    expect(fileChanges('echo "rm src/a.ts" && git commit -m "rm src/b.ts"')).toEqual([]);
    expect(fileChanges("npm rm lodash")).toEqual([]);
  });
});
