import { Skeleton, TableSkeleton } from "@/app/_components/skeleton";

export default function LoadingSessions() {
  return (
    <div role="status" aria-label="Loading sessions">
      <Skeleton className="mb-4 h-14 w-full rounded-lg" />
      <TableSkeleton rows={10} />
    </div>
  );
}
