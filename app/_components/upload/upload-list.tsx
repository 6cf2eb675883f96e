import { Panel } from "../panel";
import type { UploadRow } from "@/lib/upload/queue";
import { UploadRowView } from "./upload-row";

/** Every file of this upload in the order it is sent: main transcripts first, then sub-agents. */
export function UploadList({ rows }: { rows: UploadRow[] }) {
  return (
    <Panel
      title="Files"
      id="upload-files"
      aside={<span className="hidden sm:inline">main transcripts first, then sub-agents; 3 at a time</span>}
      flush
    >
      <ul aria-label="Uploaded files">
        {rows.map((row) => (
          <UploadRowView key={row.id} row={row} />
        ))}
      </ul>
    </Panel>
  );
}
