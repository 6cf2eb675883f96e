import { NotFoundMessage } from "./_components/not-found-message";

export default function NotFound() {
  return <NotFoundMessage title="Not found" detail="Nothing lives at this address. The link may be mistyped, or what it pointed to was deleted." />;
}
