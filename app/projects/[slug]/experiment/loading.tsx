import { Skeleton } from "@/app/_components/skeleton";

export default function LoadingExperiment() {
  return (
    <div role="status" aria-label="Loading the experiment" className="space-y-4">
      <Skeleton className="h-28 rounded-lg" />
      <Skeleton className="h-64 rounded-lg" />
      <Skeleton className="h-56 rounded-lg" />
    </div>
  );
}
