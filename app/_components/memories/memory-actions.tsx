"use client";

import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { MemoryHit } from "@/lib/memory/contract";
import { failureText } from "@/lib/http/api-failure";
import { Button } from "../button";
import { useApiAction } from "../forms/use-api-action";
import type { Curation } from "./curation";
import { MemoryFormDialog } from "./memory-form-dialog";
import { ERROR_TEXT } from "./styles";

/** A card's curation: edit in the form, pin or unpin, and delete after an inline confirmation. */
export function MemoryActions({ memory, curation }: { memory: MemoryHit; curation: Curation }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const { pending, failure, run: request } = useApiAction();
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
            <Button variant="danger" size="xs" disabled={pending} onClick={() => request("DELETE", path)}>
              {pending ? "Deleting…" : "Yes, delete"}
            </Button>
            {/* Shown in answer to a click on Delete: the safe choice takes the focus. */}
            <Button variant="ghost" size="xs" autoFocus disabled={pending} onClick={cancelDelete}>
              Cancel
            </Button>
          </>
        ) : (
          <>
            <Button
              variant="ghost"
              size="xs"
              disabled={pending}
              onClick={() => request("PATCH", path, { pinned: !memory.pinned })}
            >
              {memory.pinned ? "Unpin" : "Pin"}
            </Button>
            <Button variant="ghost" size="xs" onClick={() => setEditing(true)} aria-haspopup="dialog">
              Edit
            </Button>
            <Button ref={deleteButton} variant="ghost" size="xs" onClick={() => setConfirming(true)}>
              Delete
            </Button>
          </>
        )}
      </div>
      {failure && (
        <p role="alert" className={ERROR_TEXT}>
          {failureText(failure)}
        </p>
      )}
      {editing && (
        <MemoryFormDialog
          id={memory.id}
          curation={curation}
          initial={{
            content: memory.content,
            category: memory.category,
            tags: memory.tags,
            confidence: memory.confidence,
            project: memory.project,
            pinned: memory.pinned,
          }}
          onClose={() => setEditing(false)}
        />
      )}
    </div>
  );
}
