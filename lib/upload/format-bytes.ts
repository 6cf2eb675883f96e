const UNITS = ["KB", "MB", "GB"];

/** 512 → "512 B", 1536 → "1.5 KB", 5_242_880 → "5 MB" (binary units, at most one decimal). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toFixed(value < 10 ? 1 : 0))} ${UNITS[unit]}`;
}
