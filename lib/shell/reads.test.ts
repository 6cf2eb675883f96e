import { describe, expect, it } from "vitest";
import { shellReads } from "@/lib/shell/reads";

const CWD = "/home/dev/widget";

describe("shellReads", () => {
  it.each([
    ["cat src/x.ts", ["/home/dev/widget/src/x.ts"]],
    ["sed -n '1,120p' src/x.ts", ["/home/dev/widget/src/x.ts"]],
    ["sed -n -e '1,40p' -e '/export/,$p' src/x.ts", ["/home/dev/widget/src/x.ts"]],
    ["sed -n '120,240p;300p' /abs/y.ts 2>/dev/null", ["/abs/y.ts"]],
    ["head -50 README.md", ["/home/dev/widget/README.md"]],
    ["head -n 50 README.md", ["/home/dev/widget/README.md"]],
    ["tail -n +20 lib/a.ts", ["/home/dev/widget/lib/a.ts"]],
    ["nl -ba src/x.ts | sed -n '1,80p'", ["/home/dev/widget/src/x.ts"]],
    ["bat -r 10:20 src/x.ts", ["/home/dev/widget/src/x.ts"]],
    ["wc -l src/a.ts src/b.ts", ["/home/dev/widget/src/a.ts", "/home/dev/widget/src/b.ts"]],
    ["rg -n fetchOrders src/x.ts src", ["/home/dev/widget/src/x.ts"]],
    ["grep -n -e 'a b' ./lib/c.py", ["/home/dev/widget/lib/c.py"]],
    [
      "cd web && cat ../package.json; echo ---; cat src/app.tsx",
      ["/home/dev/widget/package.json", "/home/dev/widget/web/src/app.tsx"],
    ],
    ['cat "docs/a file.md"', ["/home/dev/widget/docs/a file.md"]],
    ["cat src/x.ts src/x.ts", ["/home/dev/widget/src/x.ts"]],
  ])("%s reads %j", (command, files) => {
    expect(shellReads(command, CWD)).toEqual(files);
  });

  it.each([
    "sed -i 's/a/b/' src/x.ts",
    "sed -i.bak -n '1p' src/x.ts",
    "sed 's/a/b/' src/x.ts",
    "sed -n 'w out.txt' src/x.ts",
    "cat src/x.ts > copy.ts",
    "cat src/x.ts >> log.txt",
    "cat src/x.ts | tee copy.ts",
    "cat <<'EOF' > src/x.ts\nx\nEOF",
    "cat src/x.ts && npm test",
    "cat $FILE",
    "cat src/*.ts",
    "cat $(git ls-files)",
    "rg -n fetchOrders src",
    "rg --files src",
    "ls -la",
    "cd && cat a.ts",
    "",
  ])("%s reads nothing", (command) => {
    expect(shellReads(command, CWD)).toEqual([]);
  });

  it("keeps a relative path relative when the session names no folder", () => {
    expect(shellReads("cat src/x.ts", null)).toEqual(["src/x.ts"]);
    expect(shellReads("cd /r && cat x.ts", null)).toEqual(["/r/x.ts"]);
  });
});
