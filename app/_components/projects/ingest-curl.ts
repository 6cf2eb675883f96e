/** The command that sends a file of sessions to a project, with an API token from the environment. */
export function ingestCurl(origin: string, slug: string): string {
  return `curl -X POST -H "Authorization: Bearer $STARLIGHT_TOKEN" --data-binary @trajectories.jsonl "${origin}/api/v1/ingest?project=${encodeURIComponent(slug)}"`;
}
