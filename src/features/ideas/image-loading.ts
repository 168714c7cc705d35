// How an idea's attached images load: the first is likely on a phone's first screen and often the page's
// largest paint, so it is fetched at once and ahead of the rest; the others wait until scrolled near.
export function imageLoading(index: number): { loading: 'eager' | 'lazy'; fetchpriority?: 'high' } {
  return index === 0 ? { loading: 'eager', fetchpriority: 'high' } : { loading: 'lazy' };
}
