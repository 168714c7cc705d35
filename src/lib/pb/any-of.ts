// A filter for the records whose field is any of a list (a page's ideas, its voters, their companies), each value
// bound as a parameter, never spliced into the filter's text.
import type { PocketBase } from './client';

/** `field = {:v0} || field = {:v1} || …` with the values bound; an empty list matches nothing. */
export function anyOf(pb: PocketBase, field: string, values: readonly string[]): string {
  if (values.length === 0) return "id = ''";
  const params = Object.fromEntries(values.map((value, i) => [`v${i}`, value]));
  return pb.filter(values.map((_, i) => `${field} = {:v${i}}`).join(' || '), params);
}
