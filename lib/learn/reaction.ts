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
  String.raw`\b(?:that|this|it)(?:'s|\s+is)\s+(?:still\s+)?(?:wrong|broken|incorrect|not\s+(?:quite\s+|really\s+)?(?:right|correct|working|what\s+i))`,
  // the result negated by how it behaves or comes across ("it doesn't sound like music", "the chart doesn't render"):
  // said of a thing, not an instruction ("don't change the tests", "you don't need to") nor a condition ("if it
  // doesn't load, retry")
  String.raw`(?<=\b\w+\s+)(?<!\b(?:please|pls|you|we|i|just|and|so|but|then|also)\s+)(?<!\b(?:if|when|whenever|unless|whether|until)\s+(?:\S+\s+){0,3})\b(?:doesn'?t|does\s+not|don'?t|do\s+not|didn'?t|did\s+not|won'?t|can'?t)\s+(?:really\s+|quite\s+|even\s+|actually\s+)?(?:sound|look|read|feel|seem|run|compile|build|render|display|load|play|match|fit|start|open|handle|fix|solve|make\s+(?:any\s+)?sense)\b(?![^.!\n]*\?)`,
  // everything the work produces now alike ("all of the texts now sound the same"), not a request to make it so
  // nor a question (both new forms)
  String.raw`(?<!\b(?:make|keep|ensure|should|must|want)\b[^.!?\n]{0,40})\b(?:now|still|all|both|every\w*)\b[^.!?\n]{0,30}\b(?:sound|look|seem|feel|are|is|come\s+out|end\s+up)s?\s+(?:all\s+|exactly\s+|basically\s+|pretty\s+much\s+)?(?:the\s+same|identical|alike|indistinguishable)\b(?![^.!\n]*\?)`,
  String.raw`\b(?:still|again)\s+(?:fail(?:s|ing)?|broken|wrong|not\s+work|doesn'?t\s+work|the\s+same)`,
  String.raw`\b(?:doesn'?t|does\s+not|didn'?t|did\s+not|isn'?t|is\s+not|not)\s+work(?:ing|s)?\b`,
  String.raw`\bnot\s+what\s+i\s+(?:asked|wanted|meant)`,
  String.raw`\b(?:same\s+(?:error|problem|issue)|nothing\s+(?:changed|happened)|(?:made|makes)\s+it\s+worse)\b`,
  String.raw`\b(?:you\s+(?:broke|deleted|ignored|forgot|missed|skipped|didn'?t\s+(?:listen|read|do))|why\s+(?:did|would)\s+you|i\s+(?:said|told\s+you)|i\s+(?:don'?t|do\s+not)\s+like)\b`,
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
