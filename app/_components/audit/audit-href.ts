/** The audit page's URL for a filter and a page (`before`: show entries older than this id). */
export function auditHref(action: string | undefined, before?: number): string {
  const params = new URLSearchParams();
  if (action) params.set("action", action);
  if (before !== undefined) params.set("before", String(before));
  const query = params.toString();
  return query ? `/settings/audit?${query}` : "/settings/audit";
}
