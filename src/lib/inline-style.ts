// Inline <style> blocks built per request (the site's accent color) need their hash in the CSP.
export async function cspHash(content: string): Promise<`sha256-${string}`> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(content));
  return `sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}`;
}

/** CSS for the site's accent color; falls back to Chorus violet when the value is not a hex color. */
export function accentCss(color: string | undefined): string {
  const safe = color && /^#[0-9a-f]{6}$/i.test(color) ? color : '#5b4bdb';
  return `:root{--accent:${safe}}`;
}
