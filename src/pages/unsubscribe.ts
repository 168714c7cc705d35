// The one-click unsubscribe address in every bulk email's List-Unsubscribe header (RFC 8058): a mail app's
// POST ("List-Unsubscribe=One-Click", no sign-in, no Origin) turns off what the signed token names, checked
// by PocketBase (a forged token changes nothing); a person who opens the address lands on the settings
// page's confirm button, so link scanners fetching it change nothing.
import type { APIRoute } from 'astro';
import { unsubscribe } from '../features/account/account-data';

const plain = (status: number, text: string) =>
  new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

export const GET: APIRoute = ({ url }) => {
  const token = url.searchParams.get('token') ?? '';
  return new Response(null, {
    status: 303,
    headers: { location: `/settings?unsubscribe=${encodeURIComponent(token)}`, 'cache-control': 'no-store' },
  });
};

export const POST: APIRoute = async ({ url, locals }) => {
  const token = url.searchParams.get('token') ?? '';
  try {
    await unsubscribe(locals.pb, token);
    return plain(200, 'Unsubscribed.');
  } catch {
    return plain(400, 'This unsubscribe link is not valid.');
  }
};
