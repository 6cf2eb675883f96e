/**
 * How deep one record may nest arrays and objects. Everything downstream walks a record recursively (secret
 * redaction, `JSON.stringify` when it is stored, the raw view), and a value nested a few thousand levels deep
 * overflows the stack there, so deeper records are refused when they are read. Real records nest a few dozen
 * levels at most.
 */
export const MAX_JSON_DEPTH = 256;

export const TOO_DEEP = `nested more than ${MAX_JSON_DEPTH} levels deep`;

/** Whether `value` nests more than `levels` arrays or objects inside one another (the recursion stops there). */
export function nestedDeeperThan(value: unknown, levels: number): boolean {
  if (typeof value !== "object" || value === null) return false;
  if (levels === 0) return true;
  if (Array.isArray(value)) {
    for (const item of value) if (nestedDeeperThan(item, levels - 1)) return true;
    return false;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) if (nestedDeeperThan(record[key], levels - 1)) return true;
  return false;
}
