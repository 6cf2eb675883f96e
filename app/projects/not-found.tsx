import { NotFoundMessage } from "@/app/_components/not-found-message";

export default function ProjectNotFound() {
  return (
    <NotFoundMessage
      title="Project not found"
      detail="No project has this name. Projects are created when data is first sent to them."
    />
  );
}
