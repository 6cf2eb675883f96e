import type { PickedFile } from "@/lib/upload/collect";
import { buttonClass } from "../button";
import { chosenFiles } from "./read-drop";

/**
 * A visible button that is a label around a visually hidden file input, so the input itself takes the focus
 * (Enter or Space opens the picker) and tests can set files on it by its label.
 */
export function FileButton({
  label,
  folder = false,
  disabled,
  onFiles,
}: {
  label: string;
  folder?: boolean;
  disabled: boolean;
  onFiles: (files: PickedFile[]) => void;
}) {
  return (
    <label
      className={`${buttonClass()} cursor-pointer has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-sky-500`}
    >
      <input
        type="file"
        multiple
        className="sr-only"
        disabled={disabled}
        {...(folder ? { webkitdirectory: "" } : { accept: ".json,.jsonl,.ndjson,.zip" })}
        onChange={(event) => {
          const input = event.currentTarget;
          if (input.files && input.files.length > 0) onFiles(chosenFiles(input.files));
          input.value = "";
        }}
      />
      {label}
    </label>
  );
}
