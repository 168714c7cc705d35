// Inline <style> blocks built per request (the site's accent and status colours) need their hash in the CSP.
import { isHexColor, readableTextOn } from './colors';

export async function cspHash(content: string): Promise<`sha256-${string}`> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(content));
  return `sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}`;
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
  const accent = isHexColor(site.accent_color) ? site.accent_color : DEFAULT_ACCENT;
  const rules = [`:root{--accent:${accent};--on-accent:${readableTextOn(accent)}}`];
  for (const status of statuses) {
    if (!SLUG.test(status.slug) || !isHexColor(status.color)) continue;
    rules.push(`[data-status="${status.slug}"]{--status:${status.color};--on-status:${readableTextOn(status.color)}}`);
  }
  return rules.join('');
}
