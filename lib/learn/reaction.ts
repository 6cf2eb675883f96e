/**
 * How the person reacted in a message they typed: approval ("thanks", "looks good", "perfect"), a complaint (a
 * correction, "that's wrong", "still failing", frustration, giving up) or neither (a request, a question). A
 * complaint anywhere in the message wins over approval ("thanks, but it still fails"); approval counts only at the
 * opening of the message, where a reaction is typed ("Great, now add the export" approves; "make the page look
 * nice" does not).
 */
export type Reaction = "approval" | "complaint" | "neutral";

const COMPLAINT = [
  // a flat "no" or "wrong" opening the message (not "no problem", "no worries", "no need")
  String.raw`^(?:no|nope|wrong)\b(?![\s,]*(?:problem|worries|need))`,
  String.raw`\b(?:that|this|it)(?:'s|\s+is)\s+(?:still\s+)?(?:wrong|broken|incorrect|not\s+(?:right|correct|working|what\s+i))`,
  String.raw`\b(?:still|again)\s+(?:fail(?:s|ing)?|broken|wrong|not\s+work|doesn'?t\s+work|the\s+same)`,
  String.raw`\b(?:doesn'?t|does\s+not|didn'?t|did\s+not|isn'?t|is\s+not|not)\s+work(?:ing|s)?\b`,
  String.raw`\bnot\s+what\s+i\s+(?:asked|wanted|meant)`,
  String.raw`\b(?:same\s+(?:error|problem|issue)|nothing\s+(?:changed|happened)|(?:made|makes)\s+it\s+worse)\b`,
  String.raw`\b(?:you\s+(?:broke|deleted|ignored|didn'?t\s+(?:listen|read|do))|why\s+(?:did|would)\s+you|i\s+(?:said|told\s+you))\b`,
  String.raw`^(?:stop|undo|revert|forget\s+it|never\s*mind)\b`,
  String.raw`\b(?:i\s+give\s+up|i'?ll\s+do\s+it\s+myself)\b`,
  String.raw`\b(?:wtf|ugh|useless|terrible|garbage)\b`,
  String.raw`[!?]{3,}`,
];

const APPROVAL = [
  String.raw`\b(?:thanks?|thank\s+you|thx|cheers)\b`,
  String.raw`\b(?:perfect|excellent|great|awesome|nice|brilliant|wonderful|fantastic|amazing|lgtm)\b`,
  String.raw`\blooks?\s+(?:good|great|fine|right)\b`,
  String.raw`\b(?:well\s+done|good\s+(?:job|work)|(?:that|it)\s+works|works\s+now)\b`,
];

const COMPLAINT_RE = new RegExp(COMPLAINT.join("|"), "i");
const APPROVAL_RE = new RegExp(APPROVAL.join("|"), "i");

/** The opening of a message: its first line, at most this many characters. */
const OPENING = 80;

export function reactionOf(text: string): Reaction {
  const trimmed = text.trim();
  if (COMPLAINT_RE.test(trimmed)) return "complaint";
  if (APPROVAL_RE.test((trimmed.split("\n", 1)[0] ?? "").slice(0, OPENING))) return "approval";
  return "neutral";
}
