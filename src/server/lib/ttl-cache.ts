/**
 * A value loaded on demand and kept for `ttlMs`. Concurrent callers share one load;
 * a failed load is not cached. Reference data (catalogue, delivery zones, offers) is
 * small and changes rarely, so each API process keeps a short-lived copy.
 */
export class TtlCache<T> {
  #value: { data: T; expires: number } | null = null;
  #loading: Promise<T> | null = null;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached value, loading it when missing or expired. */
  async get(): Promise<T> {
    if (this.#value && this.#value.expires > this.now()) return this.#value.data;
    this.#loading ??= this.load()
      .then((data) => {
        this.#value = { data, expires: this.now() + this.ttlMs };
        return data;
      })
      .finally(() => {
        this.#loading = null;
      });
    return this.#loading;
  }

  /** Forgets the cached value so the next get() loads afresh. */
  invalidate(): void {
    this.#value = null;
  }
}
