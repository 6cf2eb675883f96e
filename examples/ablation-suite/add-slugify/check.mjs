// The task's check, outside the working copy the agent sees: exit 0 when slugify and pageUrl are right, 1 when not.
import { pathToFileURL } from "node:url";

const load = (file) => import(pathToFileURL(`${process.cwd()}/src/${file}`).href);
try {
  const { slugify } = await load("text.mjs");
  const { pageUrl } = await load("page.mjs");
  if (typeof slugify !== "function") throw new Error("src/text.mjs exports no slugify");
  const cases = [["Hello, World!", "hello-world"], ["  Already-slugged  ", "already-slugged"], ["Ünïcode & 42 things", "n-code-42-things"], ["---", ""]];
  for (const [text, want] of cases) if (slugify(text) !== want) throw new Error(`slugify(${JSON.stringify(text)}) is ${JSON.stringify(slugify(text))}, want ${JSON.stringify(want)}`);
  if (pageUrl("My First Page") !== "/pages/my-first-page") throw new Error(`pageUrl("My First Page") is ${JSON.stringify(pageUrl("My First Page"))}`);
} catch (error) {
  console.error(`not done: ${error.message}`);
  process.exit(1);
}
