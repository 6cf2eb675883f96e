import type { SavingsPanel } from "@/lib/experiment/outcome-contract";
import { SAVINGS_NOTE, savingsItems } from "@/lib/experiment/wording";
import { TermList } from "@/app/_components/term-list";

const VERDICT_CLASS: Record<SavingsPanel["verdict"], string> = {
  yes: "text-emerald-700 dark:text-emerald-300",
  no: "text-rose-700 dark:text-rose-300",
  "not yet known": "text-zinc-700 dark:text-zinc-300",
};

/** What the injected guidance costs against what it saves per session, and whether it pays for itself. */
export function SavingsSection({ savings }: { savings: SavingsPanel }) {
  const items = savingsItems(savings);
  return (
    <div className="space-y-3 text-sm">
      <p className="text-pretty">
        <span className="font-medium">Pays for itself: </span>
        <span className={`font-semibold ${VERDICT_CLASS[savings.verdict]}`}>{savings.verdict}</span>. {savings.reason}
      </p>
      <TermList items={items} />
      <p className="text-xs text-pretty text-zinc-500 dark:text-zinc-400">{SAVINGS_NOTE}</p>
    </div>
  );
}
