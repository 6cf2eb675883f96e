"use client";

import { useEffect } from "react";

/** Keeps a file dropped outside the drop zone from making the browser open it in place of the page (losing the upload). */
export function useStrayDrops() {
  useEffect(() => {
    const keep = (event: DragEvent) => {
      if (event.dataTransfer?.types.includes("Files")) event.preventDefault();
    };
    window.addEventListener("dragover", keep);
    window.addEventListener("drop", keep);
    return () => {
      window.removeEventListener("dragover", keep);
      window.removeEventListener("drop", keep);
    };
  }, []);
}
