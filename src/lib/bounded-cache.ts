// Results of a pure function kept per Worker isolate for inputs seen again (the same ideas and comments
// render for one visitor after another), at most `size` of them, the least recently used dropped first.

export class BoundedCache<T> {
  readonly #entries = new Map<string, T>();

  constructor(readonly size: number) {}

  /** The value for `key`, made by `make` the first time (and again once it has been dropped). */
  get(key: string, make: () => T): T {
    const entries = this.#entries;
    if (entries.has(key)) {
      const value = entries.get(key) as T;
      // Re-inserted, so Map's insertion order stays least recently used first.
      entries.delete(key);
      entries.set(key, value);
      return value;
    }
    const value = make();
    entries.set(key, value);
    if (entries.size > this.size) entries.delete(entries.keys().next().value as string);
    return value;
  }
}
