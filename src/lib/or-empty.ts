/** An optional list for a page: an empty list instead of a failure (the page's main record decides 404s). */
export function orEmpty<T>(promise: Promise<T[]>): Promise<T[]> {
  return promise.catch(() => []);
}
