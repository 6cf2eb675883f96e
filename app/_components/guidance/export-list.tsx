import { GUIDANCE_FORMATS } from "@/lib/guidance/contract";
import { buttonClass } from "../button";
import { CopyFormatButton } from "./copy-format-button";
import { FORMAT_INFO, guidanceHref } from "./formats";

/** Every export format with a Download link (the API with download=1) and a Copy button. */
export function ExportList({ slug }: { slug: string }) {
  return (
    <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
      {GUIDANCE_FORMATS.map((format) => {
        const info = FORMAT_INFO[format];
        return (
          <li key={format} className="flex flex-wrap items-center gap-x-3 gap-y-1.5 px-4 py-2.5">
            <div className="min-w-0 flex-1 basis-56">
              <p className="text-sm font-medium">{info.label}</p>
              <p className="text-xs text-zinc-500 dark:text-zinc-400">{info.where}</p>
            </div>
            <div className="flex items-center gap-2">
              <a
                href={guidanceHref(slug, format, true)}
                download
                aria-label={`Download ${info.label}`}
                className={buttonClass({ variant: "primary", size: "sm" })}
              >
                Download
              </a>
              <CopyFormatButton href={guidanceHref(slug, format)} label={info.label} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
