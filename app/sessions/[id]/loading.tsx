import { Skeleton } from "@/app/_components/skeleton";

export default function LoadingSession() {
  return (
    <div role="status" aria-label="Loading session">
      <Skeleton className="mb-2 h-3 w-40" />
      <Skeleton className="mb-2 h-6 w-2/3" />
      <Skeleton className="mb-6 h-4 w-1/2" />
      <div className="grid gap-4 lg:grid-cols-3">
        <Skeleton className="h-56 rounded-lg lg:col-span-2" />
        <Skeleton className="h-56 rounded-lg" />
        <Skeleton className="h-64 rounded-lg lg:col-span-2" />
        <Skeleton className="h-64 rounded-lg" />
      </div>
    </div>
  );
}
