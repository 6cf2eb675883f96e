import { EmptyPage } from "../empty-state";

/** What someone who belongs to no project sees instead of data: the way in is an admin or a project owner. */
export function NoProjectAccess() {
  return (
    <EmptyPage
      titleId="no-access-title"
      title="No project yet"
      intro="You do not belong to any project on this Starlight yet. Ask an admin, or the owner of the project you work on, to add you; its sessions, rules and memories appear here as soon as they do."
    />
  );
}
