// Inline <style> blocks built per request (the site's accent and status colours) need their hash in the CSP.
import { isHexColor, readableTextOn } from './colors';

type CspHash = `sha256-${string}`;
const hashByContent = new Map<string, CspHash>();

/** The CSP hash of an inline block. The same few blocks (one per site colour scheme) come back on every
 * page, so hashes are kept, up to a bound. */
export async function cspHash(content: string): Promise<CspHash> {
  const known = hashByContent.get(content);
  if (known) return known;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(content));
  const hash: CspHash = `sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}`;
  if (hashByContent.size >= 64) hashByContent.clear();
  hashByContent.set(content, hash);
  return hash;
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
