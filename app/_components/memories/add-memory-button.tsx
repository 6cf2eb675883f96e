"use client";

import { useState } from "react";
import type { MemoryInput } from "@/lib/memory/contract";
import { Button } from "../button";
import type { Curation } from "./curation";
import { MemoryFormDialog } from "./memory-form-dialog";

/** "Add memory": opens the form for a memory written by hand, starting from `initial`. */
export function AddMemoryButton({ curation, initial }: { curation: Curation; initial: MemoryInput }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="primary" onClick={() => setOpen(true)} aria-haspopup="dialog">
        Add memory
      </Button>
      {open && <MemoryFormDialog curation={curation} initial={initial} onClose={() => setOpen(false)} />}
    </>
  );
}
