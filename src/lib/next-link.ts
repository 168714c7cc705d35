// A link to a sign-in or sign-up page that comes back where it was asked from (`?next=…`): every page's islands
// build one, so it lives apart from checking where `next` may lead (next-path.ts, loaded only where people sign in).

/** `path` (a sign-in or sign-up page) with where to go back to afterwards, when there is somewhere: `?next=…`. */
export function withNext(path: string, next: string | null | undefined): string {
  return next ? `${path}?next=${encodeURIComponent(next)}` : path;
}
