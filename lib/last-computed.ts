/**
 * The value last computed for each owner (a database) and key (a project), with the fingerprint of what it was
 * computed from: `get` answers it while the fingerprint stays the same, and computes it again when it differs. For
 * values that cost more to compute than their inputs cost to fingerprint. An owner that is gone takes its values with it.
 */
export class LastComputed<Owner extends object, T> {
  private readonly byOwner = new WeakMap<Owner, Map<number, { fingerprint: string; value: T }>>();

  async get(owner: Owner, key: number, fingerprint: string, compute: () => T | Promise<T>): Promise<T> {
    let values = this.byOwner.get(owner);
    if (!values) this.byOwner.set(owner, (values = new Map()));
    const known = values.get(key);
    if (known?.fingerprint === fingerprint) return known.value;
    const value = await compute();
    values.set(key, { fingerprint, value });
    return value;
  }
}
