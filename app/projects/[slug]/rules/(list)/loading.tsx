import { Skeleton } from "@/app/_components/skeleton";

export default function LoadingRules() {
  return (
    <div role="status" aria-label="Loading rules" className="space-y-3">
      <Skeleton className="h-4 w-2/3" />
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} className="h-40 w-full rounded-lg" />
      ))}
    </div>
  );
}
