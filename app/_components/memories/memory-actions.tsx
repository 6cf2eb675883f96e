"use client";

import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { MemoryHit } from "@/lib/memory/contract";
import type { Curation } from "./curation";
import { MemoryFormDialog } from "./memory-form-dialog";
import { CARD_ACTION, DANGER, ERROR_TEXT } from "./styles";
import { useMemoryRequest } from "./use-memory-request";

/** A card's curation: edit in the form, pin or unpin, and delete after an inline confirmation. */
export function MemoryActions({ memory, curation }: { memory: MemoryHit; curation: Curation }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const { pending, error, request } = useMemoryRequest();
  const path = `/api/v1/memories/${memory.id}`;

  function cancelDelete() {
    flushSync(() => setConfirming(false));
    deleteButton.current?.focus();
  }

  return (
    <div className="flex flex-col items-end gap-1">
      <div role="group" aria-label="Curate this memory" className="flex flex-wrap items-center justify-end gap-1">
        {confirming ? (
          <>
            <span className="text-xs font-medium text-red-700 dark:text-red-300">Delete this memory?</span>
            <button type="button" disabled={pending} onClick={() => request("DELETE", path)} className={DANGER}>
              {pending ? "Deleting…" : "Yes, delete"}
            </button>
            {/* Shown in answer to a click on Delete: the safe choice takes the focus. */}
            <button type="button" autoFocus disabled={pending} onClick={cancelDelete} className={CARD_ACTION}>
              Cancel
            </button>
          </>
        ) : (
          <>
            <button type="button" disabled={pending} onClick={() => request("PATCH", path, { pinned: !memory.pinned })} className={CARD_ACTION}>
              {memory.pinned ? "Unpin" : "Pin"}
            </button>
            <button type="button" onClick={() => setEditing(true)} aria-haspopup="dialog" className={CARD_ACTION}>
              Edit
            </button>
            <button ref={deleteButton} type="button" onClick={() => setConfirming(true)} className={CARD_ACTION}>
              Delete
            </button>
          </>
        )}
      </div>
      {error && (
        <p role="alert" className={ERROR_TEXT}>
          {error}
        </p>
      )}
      {editing && (
        <MemoryFormDialog
          id={memory.id}
          curation={curation}
          initial={{ content: memory.content, category: memory.category, tags: memory.tags, confidence: memory.confidence, project: memory.project, pinned: memory.pinned }}
          onClose={() => setEditing(false)}
        />
      )}
    </div>
  );
}
