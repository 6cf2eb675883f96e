/** The whole numbers from 0 up to but not including n. */
export function range(n) {
  const out = [];
  for (let i = 0; i <= n; i++) out.push(i);
  return out;
}
