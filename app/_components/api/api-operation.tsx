import type { ReferenceOperation } from "@/lib/http/api-reference";
import { TextWithCode } from "@/app/_components/code-span";
import { Table, Td, Th, Tr } from "@/app/_components/table";

const METHOD_STYLE: Record<string, string> = {
  GET: "bg-sky-100 text-sky-800 dark:bg-sky-400/15 dark:text-sky-300",
  POST: "bg-emerald-100 text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-300",
  PUT: "bg-amber-100 text-amber-800 dark:bg-amber-400/15 dark:text-amber-300",
  PATCH: "bg-amber-100 text-amber-800 dark:bg-amber-400/15 dark:text-amber-300",
  DELETE: "bg-rose-100 text-rose-800 dark:bg-rose-400/15 dark:text-rose-300",
};

/** One operation of the API: method, path, who may call it, what it does and what it takes. */
export function ApiOperation({ operation }: { operation: ReferenceOperation }) {
  return (
    <article id={operation.id} className="border-b border-zinc-200 p-4 last:border-0 dark:border-zinc-800">
      <h3 className="flex flex-wrap items-baseline gap-2 text-sm">
        <span
          className={`rounded px-1.5 py-0.5 font-mono text-xs font-semibold ${METHOD_STYLE[operation.method] ?? ""}`}
        >
          {operation.method}
        </span>
        <code className="font-mono font-medium break-all">{operation.path}</code>
        <span className="text-xs text-zinc-500 dark:text-zinc-400">{operation.access}</span>
      </h3>
      <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">
        <TextWithCode text={operation.description} />
      </p>
      {operation.bodyTypes.length > 0 && (
        <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">
          Body:{" "}
          {operation.bodyTypes.map((type) => (
            <code key={type} className="mr-2 font-mono">
              {type}
            </code>
          ))}
        </p>
      )}
      {operation.fields.length > 0 && (
        <div className="mt-3">
          <Table caption={`Inputs of ${operation.method} ${operation.path}`}>
            <thead>
              <tr>
                <Th>Name</Th>
                <Th>In</Th>
                <Th>Type</Th>
                <Th>Required</Th>
              </tr>
            </thead>
            <tbody>
              {operation.fields.map((field) => (
                <Tr key={`${field.where}:${field.name}`}>
                  <Td className="font-mono text-xs">{field.name}</Td>
                  <Td className="text-xs text-zinc-500 dark:text-zinc-400">{field.where}</Td>
                  <Td className="font-mono text-xs break-all">{field.type}</Td>
                  <Td className="text-xs">{field.required ? "yes" : "no"}</Td>
                </Tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </article>
  );
}
