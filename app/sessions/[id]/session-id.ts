/** The numeric id in a `/sessions/<id>` path, or null when it cannot be one. */
export function parseSessionId(text: string): number | null {
  if (!/^[1-9]\d{0,15}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}
