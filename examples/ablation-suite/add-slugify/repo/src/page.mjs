/** Where a page with this title is served. */
export function pageUrl(title) {
  return `/pages/${title}`;
}
