// The inline <style> block of the site's accent and status colours, and its hash for the CSP: both made once per
// isolate for each set of colours the site has had, not once a page (issue 59: the uncached render).
import { BoundedCache } from './bounded-cache';
import { isHexColor, readableTextOn } from './colors';

export async function cspHash(content: string): Promise<`sha256-${string}`> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(content));
  return `sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}`;
}

/** A handful of shells' CSS and its hash (a site has one at a time; an admin's edits make a few more). */
const shellStyles = new BoundedCache<string>(16);
const shellHashes = new BoundedCache<Promise<`sha256-${string}`>>(16);

/** The CSP hash of the shell's CSS, computed once per isolate for each CSS the site has had. */
export function shellCssHash(shell: ShellColors): Promise<`sha256-${string}`> {
  const css = shellCss(shell);
  return shellHashes.get(css, () => cspHash(css));
}

const DEFAULT_ACCENT = '#5b4bdb';
const SLUG = /^[a-z0-9][a-z0-9-]*$/;

interface ShellColors {
  site: { accent_color?: string | undefined };
  statuses?: { slug: string; color: string }[] | undefined;
}

/** CSS for the site's accent colour (Chorus violet when not a hex colour) and each status's filled pill,
 * each with a readable text colour. */
export function shellCss({ site, statuses = [] }: ShellColors): string {
  // Keyed by the colours themselves: the contrast arithmetic runs once per isolate for each set of them.
  const key = JSON.stringify([site.accent_color ?? '', statuses.map((status) => [status.slug, status.color])]);
  return shellStyles.get(key, () => cssFor(site, statuses));
}

function cssFor(site: ShellColors['site'], statuses: NonNullable<ShellColors['statuses']>): string {
  const accent = isHexColor(site.accent_color) ? site.accent_color : DEFAULT_ACCENT;
  const rules = [`:root{--accent:${accent};--on-accent:${readableTextOn(accent)}}`];
  for (const status of statuses) {
    if (!SLUG.test(status.slug) || !isHexColor(status.color)) continue;
    rules.push(`[data-status="${status.slug}"]{--status:${status.color};--on-status:${readableTextOn(status.color)}}`);
  }
  return rules.join('');
}
