import type { Metadata } from "next";
import { NotFoundMessage } from "./_components/not-found-message";
import { rootPageTitle } from "./_components/page-title";

export const metadata: Metadata = { title: rootPageTitle("Not found") };

export default function NotFound() {
  return (
    <NotFoundMessage
      title="Not found"
      detail="Nothing lives at this address. The link may be mistyped, or what it pointed to was deleted."
    />
  );
}
