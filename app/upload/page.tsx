import type { Metadata } from "next";
import { PageHeader } from "@/app/_components/page-header";
import { Uploader } from "@/app/_components/upload/uploader";

export const metadata: Metadata = { title: "Upload" };

export default function UploadPage() {
  return (
    <>
      <PageHeader
        title="Upload"
        description="Send session files from your browser: Claude Code transcripts, ACOS trajectories and patterns.json, whole folders, or a zip of them."
      />
      <Uploader />
    </>
  );
}
