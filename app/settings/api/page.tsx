import type { Metadata } from "next";
import { formatQuantity } from "@/lib/format";
import { apiReference } from "@/lib/http/api-reference";
import { requireViewer } from "@/lib/server/auth/viewer";
import { apiDocument } from "@/app/api/v1/openapi.json/document";
import { ApiOperation } from "@/app/_components/api/api-operation";
import { PageHeader } from "@/app/_components/page-header";
import { Panel } from "@/app/_components/panel";

export const metadata: Metadata = { title: "API" };

const LINK = "font-medium text-sky-700 hover:underline dark:text-sky-300";

/** Every /api/v1 route, grouped by area, read from the same OpenAPI description the API serves. */
export default async function ApiPage() {
  await requireViewer();
  const areas = apiReference(apiDocument());
  const count = areas.reduce((n, area) => n + area.operations.length, 0);
  return (
    <>
      <PageHeader
        crumbs={[{ href: "/settings", label: "Settings" }]}
        title="API"
        description={
          <>
            {formatQuantity(count, "operation")}. Send a token as{" "}
            <code className="font-mono">Authorization: Bearer &lt;token&gt;</code>; errors answer{" "}
            <code className="font-mono">{"{ error: { code, message, details } }"}</code>. Machine-readable:{" "}
            <a href="/api/v1/openapi.json" className={LINK}>
              /api/v1/openapi.json
            </a>{" "}
            (OpenAPI 3.1).
          </>
        }
      />
      <nav aria-label="Areas" className="mb-4 flex flex-wrap gap-x-3 gap-y-1 text-sm">
        {areas.map((area) => (
          <a key={area.name} href={`#${area.name}`} className={LINK}>
            {area.name}
          </a>
        ))}
      </nav>
      <div className="space-y-6">
        {areas.map((area) => (
          <Panel
            key={area.name}
            title={area.name}
            id={area.name}
            flush
            aside={formatQuantity(area.operations.length, "operation")}
          >
            {area.operations.map((operation) => (
              <ApiOperation key={operation.id} operation={operation} />
            ))}
          </Panel>
        ))}
      </div>
    </>
  );
}
