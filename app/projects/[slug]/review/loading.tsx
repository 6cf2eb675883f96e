import { Skeleton } from "@/app/_components/skeleton";

export default function LoadingReview() {
  return (
    <div role="status" aria-label="Loading review" className="space-y-4">
      <Skeleton className="h-5 w-2/3 rounded" />
      <Skeleton className="h-96 rounded-lg" />
    </div>
  );
}
