import { Skeleton } from "@/app/_components/skeleton";

export default function LoadingKnowledge() {
  return (
    <div role="status" aria-label="Loading knowledge" className="space-y-4">
      <Skeleton className="h-4 w-2/3" />
      <Skeleton className="h-48 rounded-lg" />
      <Skeleton className="h-32 rounded-lg" />
    </div>
  );
}
