import { Skeleton } from "@/app/_components/skeleton";

export default function LoadingMemories() {
  return (
    <div role="status" aria-label="Loading memories">
      <Skeleton className="mb-5 h-7 w-40" />
      <Skeleton className="mb-4 h-16 w-full rounded-lg" />
      <div className="grid gap-6 lg:grid-cols-[13rem_minmax(0,1fr)]">
        <Skeleton className="h-48 w-full rounded-lg" />
        <div className="space-y-3">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-32 w-full rounded-lg" />
          ))}
        </div>
      </div>
    </div>
  );
}
