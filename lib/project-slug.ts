/** Turns a project name ("My App", "/home/me/my-app") into its URL slug ("my-app"); null if nothing is left. */
export function toProjectSlug(name: string): string | null {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, "-")
    .replace(/^[-._]+|[-._]+$/g, "")
    .slice(0, 64)
    .replace(/[-._]+$/g, "");
  return slug.length > 0 ? slug : null;
}

/**
 * The display name of a project created from `hint` (a working folder's name) under `slug`: the hint as written
 * when only its case differs from the slug ("MyProject" for "myproject"), else the slug.
 */
export function projectName(hint: string | null, slug: string): string {
  return hint !== null && hint.toLowerCase() === slug ? hint : slug;
}
