import { Skeleton } from "@/app/_components/skeleton";

export default function LoadingGuidance() {
  return (
    <div role="status" aria-label="Loading guidance" className="grid gap-4 lg:grid-cols-[22rem_1fr]">
      <Skeleton className="h-80 rounded-lg" />
      <Skeleton className="h-96 rounded-lg" />
    </div>
  );
}
