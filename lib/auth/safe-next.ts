/**
 * Where to go after signing in: a path on this site, never another site. "//evil.example" and "/\evil.example"
 * are read by browsers as other hosts, so only a single leading slash is accepted; anything else gives "/".
 */
export function safeNextPath(raw: string | string[] | undefined): string {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  // Control characters (a tab or newline is dropped by URL parsers, turning "/\t/evil" into "//evil").
  if (/[\u0000-\u001f\u007f]/.test(value)) return "/";
  return value;
}
