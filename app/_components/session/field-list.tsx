export interface Field {
  label: string;
  /** null = the source did not record it; shown as "unknown". */
  value: React.ReactNode | null;
  unit?: string;
  numeric?: boolean;
}

/** Label/value pairs in two columns; NULLs read "unknown", and `unknownHint` says why once, below. */
export function FieldList({ fields, unknownHint }: { fields: Field[]; unknownHint?: string }) {
  const anyUnknown = fields.some((f) => f.value == null);
  return (
    <>
      <dl className="grid grid-cols-1 gap-x-8 gap-y-2 sm:grid-cols-2">
        {fields.map((field) => (
          <div
            key={field.label}
            className="flex items-baseline justify-between gap-3 border-b border-zinc-100 py-1.5 dark:border-zinc-800/70"
          >
            <dt className="shrink-0 text-sm text-zinc-500 dark:text-zinc-400">{field.label}</dt>
            <dd className={`min-w-0 text-right text-sm ${field.numeric ? "tabular-nums" : "break-words"}`}>
              {field.value == null ? (
                <span className="text-zinc-400 italic dark:text-zinc-500" title={unknownHint}>
                  unknown
                </span>
              ) : (
                <>
                  {field.value}
                  {field.unit && <span className="ml-1 text-xs text-zinc-500 dark:text-zinc-400">{field.unit}</span>}
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
      {anyUnknown && unknownHint && (
        <p className="mt-3 text-xs text-zinc-500 dark:text-zinc-400">
          <span className="italic">unknown</span>: {unknownHint}.
        </p>
      )}
    </>
  );
}
