// Every page route of the site, found from the router (the .astro files under src/pages) rather than a hand-kept
// list, and each as a URL with its parameters filled by real records: the sweeps that visit every page use it.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const PAGES_DIR = join(import.meta.dirname, '../../src/pages');

/** Every page route as its file's path, sorted: `admin/members/[id]`, `index`, … */
export function routeFiles(dir = PAGES_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return routeFiles(path);
      return entry.name.endsWith('.astro') ? [relative(PAGES_DIR, path).replace(/\.astro$/, '')] : [];
    })
    .sort();
}

export const isStaffRoute = (route: string) => route.startsWith('admin/');

/** A route file as a URL, its parameters filled with real records; a parameter the caller did not give fails. */
export function urlOf(route: string, values: Record<string, string>): string {
  const path = `/${route}`.replace(/\/index$/, '') || '/';
  return path.replace(/\[(?:\.\.\.)?([a-z]+)\]/g, (_, name: string) => {
    const value = values[name];
    if (!value) throw new Error(`${route}: no value for the route parameter "${name}" (tests/e2e/routes.ts)`);
    return value;
  });
}

/** The records a route's parameters name: a board's slug, an idea, a member, a published release. */
export interface RouteRecords {
  board: string;
  idea: string;
  member: string;
  release: string;
}

/** `route` as a URL on the given records (admin/members/[id] is a member's id, changelog/[slug] a release's). */
export function urlWith(route: string, records: RouteRecords): string {
  return urlOf(route, {
    slug: route.includes('changelog/') ? records.release : records.board,
    path: route.includes('changelog/') ? records.release : records.idea,
    id: route.startsWith('admin/members/') ? records.member : records.idea,
  });
}
