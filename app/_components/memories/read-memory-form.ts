import type { MemoryInput } from "@/lib/memory/contract";
import { MEMORY_CATEGORIES, type MemoryCategory } from "@/lib/session";

const text = (data: FormData, name: string) => {
  const value = data.get(name);
  return typeof value === "string" ? value.trim() : "";
};

function category(value: string): MemoryCategory {
  return MEMORY_CATEGORIES.find((c) => c === value) ?? "insight";
}

/** "read, Edit  bash" → ["read", "edit", "bash"]: commas or spaces between tags, no repeats. */
function parseTags(value: string): string[] {
  return [
    ...new Set(
      value
        .toLowerCase()
        .split(/[\s,]+/)
        .filter(Boolean),
    ),
  ];
}

/** The memory form's fields as the API's input; the server validates them again. */
export function readMemoryForm(data: FormData): MemoryInput {
  return {
    content: text(data, "content"),
    category: category(text(data, "category")),
    tags: parseTags(text(data, "tags")),
    confidence: Number(text(data, "confidence")) / 100,
    project: text(data, "project") || null,
    pinned: data.get("pinned") === "on",
  };
}

/** The fields of `next` that differ from `before`: an edit sends only those, so an unchanged field keeps its history. */
export function changedFields(before: MemoryInput, next: MemoryInput): Partial<MemoryInput> {
  const patch: Partial<MemoryInput> = {};
  if (next.content !== before.content.trim()) patch.content = next.content;
  if (next.category !== before.category) patch.category = next.category;
  if (next.tags.join(" ") !== before.tags.join(" ")) patch.tags = next.tags;
  if (Math.round(next.confidence * 100) !== Math.round(before.confidence * 100)) patch.confidence = next.confidence;
  if ((next.project ?? null) !== (before.project ?? null)) patch.project = next.project;
  if (Boolean(next.pinned) !== Boolean(before.pinned)) patch.pinned = next.pinned;
  return patch;
}
