"use client";

import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { collectFiles, type PickedFile } from "@/lib/upload/collect";
import { uploadPhases } from "@/lib/upload/order";
import { runPool } from "@/lib/upload/pool";
import { queueReducer } from "@/lib/upload/queue";
import type { SkippedFile } from "@/lib/upload/unzip";
import { sendFile } from "./send-file";

const PARALLEL = 3;

/**
 * The upload queue: unpacks zips, lists the files in upload order (main transcripts before sub-agents),
 * then posts them three at a time, phase by phase. Leaving the page cancels what is still running.
 */
export function useUploads() {
  const [rows, dispatch] = useReducer(queueReducer, []);
  const [skipped, setSkipped] = useState<SkippedFile[]>([]);
  const [unpacking, setUnpacking] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const nextId = useRef(0);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async (picked: PickedFile[], project: string | null) => {
    const abort = new AbortController();
    controller.current = abort;
    setRunning(true);
    const collected = await collectFiles(picked, setUnpacking);
    setUnpacking(null);
    setSkipped(collected.skipped);
    const phases = uploadPhases(collected.files, (f) => f.path).map((phase) =>
      phase.map((item) => ({ ...item, id: ++nextId.current })),
    );
    dispatch({ type: "add", files: phases.flat().map(({ id, path, file }) => ({ id, path, size: file.size })) });
    for (const phase of phases) {
      await runPool(
        phase,
        PARALLEL,
        async (item) => {
          dispatch({ type: "start", id: item.id });
          const outcome = await sendFile(
            item,
            project,
            (progress) => dispatch({ type: "progress", id: item.id, progress }),
            abort.signal,
          );
          dispatch({ type: "finish", id: item.id, outcome });
        },
        abort.signal,
      );
    }
    setRunning(false);
  }, []);

  const reset = useCallback(() => {
    dispatch({ type: "reset" });
    setSkipped([]);
  }, []);

  return { rows, skipped, unpacking, running, start, reset };
}
