/**
 * The matcher for rules written the way gitleaks writes them: a pattern, the keywords that must occur in a text
 * (case-insensitively) for the pattern to be worth running, an optional minimum Shannon entropy of the secret, and
 * allowlists. One pass finds every keyword a text holds, so a text without any costs that pass alone, and a text
 * with `sk_live` runs the Stripe rule alone. Detection follows gitleaks' own (detect/detect.go): the secret
 * is the rule's `secretGroup`, else the first non-empty capture group, else the whole match; a finding whose secret
 * has entropy at or below the rule's is dropped, as is one an allowlist allows (a regex on the secret, the match or
 * the line; a stopword inside the secret).
 */

export interface Allowlist {
  target?: "secret" | "match" | "line";
  regexes?: readonly RegExp[];
  stopwords?: readonly string[];
}

export interface KeywordRule {
  kind: string;
  /** Lower-case; the rule runs only on a text holding one of them. */
  keywords: readonly string[];
  /** With the `d` and `g` flags: the secret's place comes from the match's group indices. */
  pattern: RegExp;
  /**
   * The match also takes in the identifier characters (`[\w.-]`, up to 50) just before it: gitleaks writes this as
   * a leading `[\w.-]{0,50}?`, which makes the engine try every position of a text; here it is found afterwards.
   */
  identifierBefore?: boolean;
  entropy?: number;
  secretGroup?: number;
  allowlists?: readonly Allowlist[];
}

interface Finding {
  start: number;
  end: number;
  kind: string;
}

/** Shannon entropy in bits per character, as gitleaks computes it. */
function shannonEntropy(text: string): number {
  const counts = new Map<string, number>();
  for (const c of text) counts.set(c, (counts.get(c) ?? 0) + 1);
  let entropy = 0;
  for (const count of counts.values()) {
    const p = count / text.length;
    entropy -= p * Math.log2(p);
  }
  return entropy;
}

function identifierBefore(text: string, end: number): string {
  let start = end;
  while (start > 0 && end - start < 50 && /[\w.-]/.test(text.charAt(start - 1))) start--;
  return text.slice(start, end);
}

function lineAround(text: string, start: number, end: number): string {
  const from = text.lastIndexOf("\n", start - 1) + 1;
  const to = text.indexOf("\n", end);
  return text.slice(from, to === -1 ? text.length : to);
}

function allowed(
  lists: readonly Allowlist[],
  secret: string,
  match: string,
  text: string,
  start: number,
  end: number,
): boolean {
  const lower = secret.toLowerCase();
  return lists.some((list) => {
    const target = list.target === "match" ? match : list.target === "line" ? lineAround(text, start, end) : secret;
    return (
      (list.regexes ?? []).some((re) => re.test(target)) || (list.stopwords ?? []).some((word) => lower.includes(word))
    );
  });
}

/** Character classes take this many bits of a table index; a state's bit 15 marks a keyword's end. */
const CLASS_BITS = 6;
const END = 0x8000;

/**
 * An Aho-Corasick automaton over groups of keywords (a rule's, say), so finding every group a text holds a keyword of
 * is one pass with one table look-up a character: a regular expression of some 260 alternatives was many times
 * slower. The table is indexed by state and character class (each character keywords use, upper case folded to
 * lower; one class for every other character, which leads back to the root): a quarter of the size of a table of
 * 32-bit states over all of ASCII, and faster. No keyword holds a character JSON writes escaped (`"`, `\`, a control
 * character), so scanning a JSON line's text finds every keyword its strings hold, unless it writes a character as
 * `\u00XX` or `/` as `\/`.
 */
export class KeywordAutomaton {
  /** Each ASCII character's class: 0 for one no keyword holds. */
  private readonly classOf = new Uint8Array(128);
  /** `next[(state << CLASS_BITS) | class]`: the next state, with END set where a keyword ends there. */
  private readonly next: Uint16Array;
  /** For each state, the groups of every keyword that ends there. */
  private readonly groupsAt: ReadonlyArray<readonly number[]>;
  /** `seen[group] === scan` while the scan numbered `scan` has found that group. */
  private readonly seen: Uint32Array;
  private scan = 0;

  constructor(groups: ReadonlyArray<readonly string[]>) {
    let classes = 1;
    for (const c of new Set(groups.flat().join(""))) {
      const code = c.charCodeAt(0);
      if (code >= 128 || code < 32 || c === '"' || c === "\\" || c !== c.toLowerCase())
        throw new Error(`a keyword holds ${JSON.stringify(c)}`);
      this.classOf[code] = this.classOf[c.toUpperCase().charCodeAt(0)] = classes++;
    }
    if (classes > 1 << CLASS_BITS) throw new Error(`keywords use ${classes - 1} characters`);
    const goto: Array<Map<number, number>> = [new Map()];
    const ending: number[][] = [[]];
    groups.forEach((keywords, index) => {
      for (const keyword of keywords) {
        let state = 0;
        for (const c of keyword) {
          const cls = this.classOf[c.charCodeAt(0)]!;
          let to = goto[state]!.get(cls);
          if (to === undefined) {
            to = goto.length;
            goto.push(new Map());
            ending.push([]);
            goto[state]!.set(cls, to);
          }
          state = to;
        }
        ending[state]!.push(index);
      }
    });
    if (goto.length > END) throw new Error(`${goto.length} states`);
    const width = 1 << CLASS_BITS;
    const next = new Uint16Array(goto.length * width);
    const fail = new Uint16Array(goto.length);
    const queue: number[] = [];
    for (let cls = 0; cls < width; cls++) {
      const to = goto[0]!.get(cls) ?? 0;
      next[cls] = to;
      if (to !== 0) queue.push(to);
    }
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head]!;
      ending[state]!.push(...ending[fail[state]!]!);
      for (let cls = 0; cls < width; cls++) {
        const to = goto[state]!.get(cls);
        if (to === undefined) next[state * width + cls] = next[fail[state]! * width + cls]!;
        else {
          fail[to] = next[fail[state]! * width + cls]!;
          next[state * width + cls] = to;
          queue.push(to);
        }
      }
    }
    for (let i = 0; i < next.length; i++) if (ending[next[i]!]!.length > 0) next[i] = next[i]! | END;
    this.next = next;
    this.groupsAt = ending.map((list) => [...new Set(list)]);
    this.seen = new Uint32Array(groups.length);
  }

  /** Whether `text` holds any keyword: `groupsIn(text).length > 0`, found as soon as the first keyword ends. */
  holdsAny(text: string): boolean {
    const { next, classOf } = this;
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      state = next[(state << CLASS_BITS) | (code < 128 ? classOf[code]! : 0)]!;
      if (state & END) return true;
    }
    return false;
  }

  /** The indexes of the groups a keyword of which `text` holds, in ascending order. */
  groupsIn(text: string): readonly number[] {
    const { next, classOf, groupsAt, seen } = this;
    if (this.scan === 0xffffffff) {
      seen.fill(0);
      this.scan = 0;
    }
    const scan = ++this.scan;
    let found: number[] | null = null;
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      state = next[(state << CLASS_BITS) | (code < 128 ? classOf[code]! : 0)]!;
      if (state & END) {
        state ^= END;
        for (const group of groupsAt[state]!) {
          if (seen[group] === scan) continue;
          seen[group] = scan;
          (found ??= []).push(group);
        }
      }
    }
    return found === null ? NONE : found.sort((a, b) => a - b);
  }
}

export const NONE: readonly number[] = [];

/** The keyword rules, run on a text for the candidates a `KeywordAutomaton` over their keywords found in it. */
export class KeywordMatcher {
  constructor(
    private readonly rules: readonly KeywordRule[],
    private readonly global: readonly Allowlist[],
  ) {}

  private *findings(rule: KeywordRule, text: string): Generator<Finding> {
    const pattern = rule.pattern;
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
      if (m[0] === "") {
        pattern.lastIndex++;
        continue;
      }
      const group = rule.secretGroup ?? m.findIndex((g, i) => i > 0 && g !== undefined && g !== "");
      let [start, end] = group > 0 && m.indices?.[group] ? m.indices[group] : [m.index, m.index + m[0].length];
      while (text[start] === "\n") start++;
      while (end > start && text[end - 1] === "\n") end--;
      const secret = text.slice(start, end);
      if (rule.entropy !== undefined && shannonEntropy(secret) <= rule.entropy) continue;
      const match = rule.identifierBefore ? identifierBefore(text, m.index) + m[0] : m[0];
      if (
        allowed(this.global, secret, match, text, start, end) ||
        allowed(rule.allowlists ?? [], secret, match, text, start, end)
      )
        continue;
      yield { start, end, kind: rule.kind };
    }
  }

  /** Whether `redact` would change `text`, given the indexes of the rules whose keywords it holds (others are ignored). */
  finds(text: string, candidates: readonly number[]): boolean {
    return candidates.some(
      (index) => index < this.rules.length && !this.findings(this.rules[index]!, text).next().done,
    );
  }

  /** `text` with each candidate rule's findings replaced by `[REDACTED:<kind>]`, rule after rule. */
  redact(text: string, candidates: readonly number[]): string {
    let out = text;
    for (const index of candidates) {
      const rule = this.rules[index];
      if (rule === undefined) continue;
      const found = [...this.findings(rule, out)];
      if (found.length === 0) continue;
      let next = "";
      let at = 0;
      for (const { start, end, kind } of found) {
        if (start < at) continue;
        next += `${out.slice(at, start)}[REDACTED:${kind}]`;
        at = end;
      }
      out = next + out.slice(at);
    }
    return out;
  }
}
