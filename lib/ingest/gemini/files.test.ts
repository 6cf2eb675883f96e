import { describe, expect, it } from "vitest";
import { geminiProjectFolder, geminiSessionFiles } from "@/lib/ingest/gemini/files";

describe("Gemini CLI session files", () => {
  it("names sessions, older .json ones unless resumed as .jsonl, and sub-agents under their parent's folder", () => {
    const paths = [
      "shop/chats/session-2026-10-01T10-00-1a2b3c4d.jsonl",
      "shop/chats/session-2026-09-01T10-00-aaaa0000.json",
      "shop/chats/session-2026-09-02T10-00-bbbb0000.json",
      "shop/chats/session-2026-09-02T10-00-bbbb0000.jsonl",
      "shop/chats/1a2b3c4d-full-id/sub-1.jsonl",
      "shop/chats/session-2026-10-01T10-00-1a2b3c4d.jsonl.unreadable-1700000000",
      "shop/chats/session-x.jsonl.tmp-42",
      "shop/logs.json",
      "shop/.project_root",
      "shop/checkpoints/session-1.json",
    ];
    expect(geminiSessionFiles(paths)).toEqual([
      "shop/chats/session-2026-10-01T10-00-1a2b3c4d.jsonl",
      "shop/chats/session-2026-09-01T10-00-aaaa0000.json",
      "shop/chats/session-2026-09-02T10-00-bbbb0000.jsonl",
      "shop/chats/1a2b3c4d-full-id/sub-1.jsonl",
    ]);
  });

  it("reads the project folder above chats/, with either separator", () => {
    expect(geminiProjectFolder(".gemini/tmp/shop/chats/session-a.jsonl")).toBe("shop");
    expect(geminiProjectFolder("C:\\Users\\me\\.gemini\\tmp\\shop\\chats\\p\\s.jsonl")).toBe("shop");
    expect(geminiProjectFolder("session-a.jsonl")).toBeNull();
    expect(geminiProjectFolder(undefined)).toBeNull();
  });
});
