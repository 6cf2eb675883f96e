"use client";

import { useState } from "react";
import type { MemoryInput } from "@/lib/memory/contract";
import type { Curation } from "./curation";
import { MemoryFormDialog } from "./memory-form-dialog";
import { PRIMARY } from "./styles";

/** "Add memory": opens the form for a memory written by hand, starting from `initial`. */
export function AddMemoryButton({ curation, initial }: { curation: Curation; initial: MemoryInput }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} aria-haspopup="dialog" className={PRIMARY}>
        Add memory
      </button>
      {open && <MemoryFormDialog curation={curation} initial={initial} onClose={() => setOpen(false)} />}
    </>
  );
}
