// Which Host headers reach the Worker through the local edge: Cloudflare routes only the zone's own names to it,
// so here the site's host name, loopback names (localhost, *.localhost) and IP addresses; any other is refused
// with 403 before the Worker (as Vite's preview server refused it when `astro preview` ran the site), so a page
// asked for under a forged name is never rendered, let alone cached (the page cache's key has no host name).
import { isIP } from 'node:net';

/** Whether a request with `hostHeader` may reach the Worker of the site named `siteHost` (a host name). */
export function hostAllowed(hostHeader, siteHost) {
  if (hostHeader === undefined) return true;
  const host = hostHeader.trim().toLowerCase();
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    return end > 0 && isIP(host.slice(1, end)) === 6;
  }
  const name = host.replace(/:\d*$/, '');
  if (isIP(name) === 4) return true;
  return name === 'localhost' || name.endsWith('.localhost') || (siteHost !== undefined && name === siteHost);
}
