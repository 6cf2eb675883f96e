import { NotFoundMessage } from "@/app/_components/not-found-message";

export default function SessionNotFound() {
  return (
    <NotFoundMessage
      title="Session not found"
      detail="There is no session with this id. It may have been deleted with its project."
    />
  );
}
