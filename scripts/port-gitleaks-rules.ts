/**
 * Writes lib/redact/gitleaks-rules.json from a gitleaks `config/gitleaks.toml` (MIT, see lib/redact/LICENSE-gitleaks):
 * `npx tsx scripts/port-gitleaks-rules.ts <path to gitleaks.toml> <gitleaks commit>`.
 *
 * Go's RE2 syntax is rewritten into JavaScript's: inline flags (`(?i)`, `(?i:…)`, `(?-i:…)`, `(?s:…)`) become
 * explicit case pairs (`k` → `[kK]`, `[a-f]` → `[a-fA-F]`) and `[\s\S]`, `\z` becomes `$`, `[[:alnum:]]` a plain
 * class. Rules that only apply to a file path (a transcript line has none) are left out.
 */
import fs from "node:fs";
import path from "node:path";
import { parse } from "smol-toml";

interface TomlAllowlist {
  regexTarget?: string;
  regexes?: string[];
  stopwords?: string[];
  paths?: string[];
  condition?: string;
}
interface TomlRule {
  id: string;
  regex?: string;
  path?: string;
  entropy?: number;
  secretGroup?: number;
  keywords?: string[];
  allowlists?: TomlAllowlist[];
}

const POSIX: Record<string, string> = { alnum: "A-Za-z0-9", alpha: "A-Za-z", digit: "0-9", upper: "A-Z", lower: "a-z" };

/** The other case's ranges of a class body `a-z0-9_` → `A-Z`. */
function otherCase(items: Array<[string, string]>): string {
  let extra = "";
  for (const [from, to] of items) {
    const isLetterRange = (a: string, b: string) => /[a-z]/.test(a) && /[a-z]/.test(b);
    if (isLetterRange(from, to))
      extra += from === to ? from.toUpperCase() : `${from.toUpperCase()}-${to.toUpperCase()}`;
    else if (isLetterRange(from.toLowerCase(), to.toLowerCase()) && /[A-Z]/.test(from))
      extra += from === to ? from.toLowerCase() : `${from.toLowerCase()}-${to.toLowerCase()}`;
  }
  return extra;
}

/** One RE2 pattern → the same language as a JavaScript source without flags. */
export function toJavaScript(re2: string): string {
  let out = "";
  const flags: Array<{ i: boolean; s: boolean }> = [{ i: false, s: false }];
  const top = () => flags[flags.length - 1]!;
  let i = 0;
  while (i < re2.length) {
    const c = re2[i]!;
    if (c === "\\") {
      const next = re2[i + 1]!;
      if (next === "z") out += "$";
      else if (next === "x") {
        out += re2.slice(i, i + 4);
        i += 4;
        continue;
      } else if (top().i && /[a-zA-Z]/.test(next) && !/[wWdDsSbBnrtfv]/.test(next))
        out += `[${next.toLowerCase()}${next.toUpperCase()}]`;
      else out += `\\${next}`;
      i += 2;
      continue;
    }
    if (c === "(") {
      const inline = /^\(\?([a-z-]+)(:|\))/.exec(re2.slice(i));
      if (inline && inline[1] !== "" && /^[is-]+$/.test(inline[1]!)) {
        const [on, off = ""] = inline[1]!.split("-");
        const next = { ...top() };
        for (const f of on!) next[f as "i" | "s"] = true;
        for (const f of off) next[f as "i" | "s"] = false;
        if (inline[2] === ")") flags[flags.length - 1] = next;
        else {
          flags.push(next);
          out += "(?:";
        }
        i += inline[0].length;
        continue;
      }
      if (re2.startsWith("(?P<", i)) {
        out += "(?<";
        i += 4;
      } else {
        const group = /^\((?:\?:)?/.exec(re2.slice(i))![0];
        out += group;
        i += group.length;
      }
      flags.push({ ...top() });
      continue;
    }
    if (c === ")") {
      flags.pop();
      out += ")";
      i++;
      continue;
    }
    if (c === "[") {
      let j = i + 1;
      let negated = "";
      if (re2[j] === "^") {
        negated = "^";
        j++;
      }
      let body = "";
      const items: Array<[string, string]> = [];
      let first = true;
      while (j < re2.length && (re2[j] !== "]" || first)) {
        first = false;
        const posix = /^\[:([a-z]+):\]/.exec(re2.slice(j));
        if (posix) {
          const ranges = POSIX[posix[1]!];
          if (!ranges) throw new Error(`unknown class [:${posix[1]}:] in ${re2}`);
          body += ranges;
          j += posix[0].length;
          continue;
        }
        let atom: string;
        let char: string;
        if (re2[j] === "\\") {
          atom = re2[j + 1] === "x" ? re2.slice(j, j + 4) : re2.slice(j, j + 2);
          char = atom.length === 2 && !/[a-zA-Z]/.test(atom[1]!) ? atom[1]! : "";
        } else {
          atom = re2[j]!;
          char = atom;
        }
        j += atom.length;
        if (re2[j] === "-" && re2[j + 1] !== "]" && char !== "") {
          const to = re2[j + 1] === "\\" ? re2.slice(j + 1, j + 3) : re2[j + 1]!;
          items.push([char, to.length === 2 ? to[1]! : to]);
          body += `${atom}-${to}`;
          j += 1 + to.length;
        } else {
          if (char !== "") items.push([char, char]);
          body += atom === "[" || atom === "]" ? `\\${atom}` : atom;
        }
      }
      out += `[${negated}${top().i ? otherCase(items) : ""}${body}]`;
      i = j + 1;
      continue;
    }
    if (c === "." && top().s) out += String.raw`[\s\S]`;
    else if (top().i && /[a-zA-Z]/.test(c)) out += `[${c.toLowerCase()}${c.toUpperCase()}]`;
    else out += c;
    i++;
  }
  new RegExp(out, "dg");
  return out;
}

function allowlist(list: TomlAllowlist) {
  if (list.paths && !list.regexes && !list.stopwords) return null;
  return {
    ...(list.regexTarget ? { target: list.regexTarget } : {}),
    ...(list.regexes ? { regexes: list.regexes.map(toJavaScript) } : {}),
    ...(list.stopwords ? { stopwords: list.stopwords.map((w) => w.toLowerCase()) } : {}),
  };
}

function main() {
  const [file, commit] = process.argv.slice(2);
  if (!file || !commit) throw new Error("usage: port-gitleaks-rules.ts <gitleaks.toml> <commit>");
  const config = parse(fs.readFileSync(file, "utf8")) as unknown as { allowlist: TomlAllowlist; rules: TomlRule[] };
  const rules = config.rules
    .filter((rule) => rule.regex !== undefined && rule.path === undefined)
    .map((rule) => ({
      id: rule.id,
      regex: toJavaScript(rule.regex!),
      keywords: (rule.keywords ?? []).map((k) => k.toLowerCase()),
      ...(rule.entropy ? { entropy: rule.entropy } : {}),
      ...(rule.secretGroup ? { secretGroup: rule.secretGroup } : {}),
      ...(rule.allowlists ? { allowlists: rule.allowlists.map(allowlist).filter((a) => a !== null) } : {}),
    }));
  const data = {
    source: `gitleaks/gitleaks config/gitleaks.toml at ${commit}`,
    allowlist: allowlist(config.allowlist),
    rules,
  };
  const target = path.resolve(import.meta.dirname, "../lib/redact/gitleaks-rules.json");
  fs.writeFileSync(target, `${JSON.stringify(data, null, 1)}\n`);
  console.log(`${rules.length} of ${config.rules.length} rules written to ${path.relative(process.cwd(), target)}`);
}

main();
