"use client";

import { useState } from "react";
import type { PickedFile } from "@/lib/upload/collect";
import { FileButton } from "./file-button";
import { droppedFiles } from "./read-drop";

function UploadIcon() {
  return (
    <svg
      width="28"
      height="28"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      aria-hidden
      className="mx-auto text-zinc-400"
    >
      <path d="M12 16V4m0 0-4 4m4-4 4 4" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" strokeLinecap="round" />
    </svg>
  );
}

/** Where files go in: drag and drop (files, folders, zips) or the two pickers, which keyboard users reach by Tab. */
export function DropZone({
  disabled,
  busyText,
  onFiles,
}: {
  disabled: boolean;
  busyText: string | null;
  onFiles: (files: PickedFile[]) => void;
}) {
  const [over, setOver] = useState(false);
  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = disabled ? "none" : "copy";
        setOver(!disabled);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        if (!disabled) void droppedFiles(event.dataTransfer).then(onFiles);
      }}
      className={`rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors sm:py-8 ${
        over
          ? "border-sky-500 bg-sky-50 dark:border-sky-400 dark:bg-sky-400/10"
          : "border-zinc-300 bg-zinc-50/60 dark:border-zinc-700 dark:bg-zinc-950/40"
      }`}
    >
      <UploadIcon />
      <p className="mt-2 font-medium">Drop files, folders or a .zip here</p>
      <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">or pick them</p>
      <div className="mt-4 flex flex-wrap justify-center gap-2">
        <FileButton label="Choose files" disabled={disabled} onFiles={onFiles} />
        <FileButton label="Choose a folder" folder disabled={disabled} onFiles={onFiles} />
      </div>
      <p role="status" className="text-sm font-medium text-zinc-700 dark:text-zinc-200">
        {busyText && <span className="mt-3 block">{busyText}</span>}
      </p>
      <p className="mx-auto mt-5 max-w-md text-xs leading-relaxed text-zinc-500 dark:text-zinc-400">
        Claude Code keeps its transcripts in <code className="font-mono">~/.claude/projects</code>, Codex in{" "}
        <code className="font-mono">~/.codex/sessions</code>, Gemini CLI in{" "}
        <code className="font-mono">~/.gemini/tmp</code>, Antigravity CLI in{" "}
        <code className="font-mono">~/.gemini/antigravity-cli/brain</code> (OpenCode: one file per session from{" "}
        <code className="font-mono">opencode export</code>); ACOS writes{" "}
        <code className="font-mono">.claude/trajectories</code> in each project. On macOS, press{" "}
        <kbd className="font-sans">⌘⇧.</kbd> in the file picker to show hidden folders.
      </p>
    </div>
  );
}
