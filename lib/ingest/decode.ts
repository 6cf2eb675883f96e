/** Bytes or text → the text of a JSON/JSONL file, or why it cannot be one (`empty`: nothing but whitespace). */
export type Decoded = { ok: true; text: string } | { ok: false; empty: boolean; message: string };

const BINARY = "binary file, expected JSON or JSONL";

export function decodeText(content: Uint8Array | string): Decoded {
  let text: string;
  if (typeof content === "string") {
    text = content.charCodeAt(0) === 0xfeff ? content.slice(1) : content;
  } else {
    try {
      // fatal: invalid UTF-8 throws; the default ignoreBOM=false drops a leading BOM.
      text = new TextDecoder("utf-8", { fatal: true }).decode(content);
    } catch {
      return { ok: false, empty: false, message: BINARY };
    }
  }
  if (text.includes("\u0000")) return { ok: false, empty: false, message: BINARY };
  if (text.trim() === "") return { ok: false, empty: true, message: "empty file" };
  return { ok: true, text };
}
