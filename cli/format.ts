export function plural(n: number, one: string, many: string = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}
