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
export function shannonEntropy(text: string): number {
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

function allowed(lists: readonly Allowlist[], secret: string, match: string, text: string, start: number, end: number): boolean {
  const lower = secret.toLowerCase();
  return lists.some((list) => {
    const target = list.target === "match" ? match : list.target === "line" ? lineAround(text, start, end) : secret;
    return (list.regexes ?? []).some((re) => re.test(target)) || (list.stopwords ?? []).some((word) => lower.includes(word));
  });
}

/** ASCII with upper case folded to lower. */
const FOLD = Uint8Array.from({ length: 128 }, (_, code) => (code >= 65 && code <= 90 ? code + 32 : code));

/**
 * An Aho-Corasick automaton over the keywords, as a full transition table on ASCII (upper case folded to lower; any
 * other character leads back to the root, as no keyword holds one), so finding every keyword in a text is one pass
 * with one table look-up a character: a regular expression of some 260 alternatives was many times slower.
 */
class KeywordAutomaton {
  /** `next[state * 128 + character]`: the next state, or its bitwise complement where a keyword ends there. */
  private readonly next: Int32Array;
  /** For each state, the rules of every keyword that ends there. */
  private readonly rulesAt: ReadonlyArray<readonly number[]>;

  constructor(rules: readonly KeywordRule[]) {
    const goto: Array<Map<number, number>> = [new Map()];
    const ending: number[][] = [[]];
    rules.forEach((rule, index) => {
      for (const keyword of rule.keywords) {
        let state = 0;
        for (const c of keyword) {
          const code = c.charCodeAt(0);
          if (code >= 128) throw new Error(`keyword ${keyword} of ${rule.kind} is not ASCII`);
          let to = goto[state]!.get(code);
          if (to === undefined) {
            to = goto.length;
            goto.push(new Map());
            ending.push([]);
            goto[state]!.set(code, to);
          }
          state = to;
        }
        ending[state]!.push(index);
      }
    });
    const next = new Int32Array(goto.length * 128);
    const fail = new Int32Array(goto.length);
    const queue: number[] = [];
    for (let code = 0; code < 128; code++) {
      const to = goto[0]!.get(code) ?? 0;
      next[code] = to;
      if (to !== 0) queue.push(to);
    }
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head]!;
      ending[state]!.push(...ending[fail[state]!]!);
      for (let code = 0; code < 128; code++) {
        const to = goto[state]!.get(code);
        if (to === undefined) next[state * 128 + code] = next[fail[state]! * 128 + code]!;
        else {
          fail[to] = next[fail[state]! * 128 + code]!;
          next[state * 128 + code] = to;
          queue.push(to);
        }
      }
    }
    for (let i = 0; i < next.length; i++) if (ending[next[i]!]!.length > 0) next[i] = ~next[i]!;
    this.next = next;
    this.rulesAt = ending.map((list) => [...new Set(list)]);
  }

  /** The indexes of the rules whose keywords `text` holds, in rule order. */
  rulesIn(text: string): readonly number[] {
    let found: Set<number> | null = null;
    const next = this.next;
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      state = next[(state << 7) | (code < 128 ? FOLD[code]! : 0)]!;
      if (state < 0) {
        state = ~state;
        found ??= new Set();
        for (const rule of this.rulesAt[state]!) found.add(rule);
      }
    }
    return found === null ? NONE : [...found].sort((a, b) => a - b);
  }
}

const NONE: readonly number[] = [];

export class KeywordMatcher {
  private readonly automaton: KeywordAutomaton;

  constructor(
    private readonly rules: readonly KeywordRule[],
    private readonly global: readonly Allowlist[],
  ) {
    this.automaton = new KeywordAutomaton(rules);
  }

  private candidates(text: string): readonly number[] {
    return this.automaton.rulesIn(text);
  }

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
      if (allowed(this.global, secret, match, text, start, end) || allowed(rule.allowlists ?? [], secret, match, text, start, end)) continue;
      yield { start, end, kind: rule.kind };
    }
  }

  /** Whether `redact` would change `text`. */
  finds(text: string): boolean {
    return this.candidates(text).some((index) => !this.findings(this.rules[index]!, text).next().done);
  }

  /** `text` with each rule's findings replaced by `[REDACTED:<kind>]`, rule after rule. */
  redact(text: string): string {
    let out = text;
    for (const index of this.candidates(text)) {
      const rule = this.rules[index]!;
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
