// What `npm run deploy` asks of PocketBase as its superuser (PB_SUPERUSER_EMAIL / PB_SUPERUSER_PASSWORD), the
// doctor's way (tools/lib/doctor/wire.mjs): set the Application URL to the site's, and tell whether PocketBase
// has restarted with a rotation's new secrets (it then trusts the visitor-address header the new one names).
import { clientAddressHeader } from '../../../src/lib/pb/client-address.mjs';
import { pocketBaseAsSuperuser } from '../doctor/wire.mjs';

/** PB_SUPERUSER_EMAIL and PB_SUPERUSER_PASSWORD, or null when either is missing. */
export function superuserFromEnv(env = process.env) {
  const email = env.PB_SUPERUSER_EMAIL;
  const password = env.PB_SUPERUSER_PASSWORD;
  return email && password ? { email, password } : null;
}

/** PocketBase as its superuser, or a sentence saying why not. */
async function signIn(pocketbase, credentials) {
  if (!credentials) return { why: 'PB_SUPERUSER_EMAIL and PB_SUPERUSER_PASSWORD are not set' };
  try {
    const pb = await pocketBaseAsSuperuser(pocketbase, credentials);
    if (!pb) return { why: `PocketBase at ${pocketbase} refused PB_SUPERUSER_EMAIL and PB_SUPERUSER_PASSWORD` };
    return { pb };
  } catch (error) {
    return { why: String(error instanceof Error ? error.message : error).replace(/\.$/, '') };
  }
}

/**
 * Sets PocketBase's Application URL (meta.appURL) to `site`. Answers what happened: 'set', 'already', or
 * 'todo' with the reason it could not (no credentials, PocketBase does not answer or refuses).
 * @returns {Promise<{ result: 'set' | 'already' | 'todo', why?: string, was?: string }>}
 */
export async function setApplicationUrl(pocketbase, site, credentials) {
  const { pb, why } = await signIn(pocketbase, credentials);
  if (!pb) return { result: 'todo', why };
  try {
    const current = await pb.send('/api/settings');
    if (current.status !== 200) return { result: 'todo', why: `GET /api/settings answered ${current.status}` };
    const was = current.body?.meta?.appURL ?? '';
    if (was.replace(/\/+$/, '') === site) return { result: 'already', was };
    const answer = await pb.send('/api/settings', {
      method: 'PATCH',
      body: JSON.stringify({ meta: { appURL: site } }),
    });
    if (answer.status !== 200) return { result: 'todo', why: `PATCH /api/settings answered ${answer.status}` };
    return { result: 'set', was };
  } catch (error) {
    return { result: 'todo', why: String(error instanceof Error ? error.message : error).replace(/\.$/, '') };
  }
}

/**
 * Whether PocketBase runs with `proxySecret`: true when it trusts the header that secret names (it lists it on
 * every start, pb_hooks/platform/client-address.pb.js), false when not, null when it cannot be asked.
 * @returns {Promise<{ runs: boolean | null, why?: string }>}
 */
export async function runsWithProxySecret(pocketbase, credentials, proxySecret) {
  const { pb, why } = await signIn(pocketbase, credentials);
  if (!pb) return { runs: null, why };
  try {
    const { status, body } = await pb.send('/api/settings');
    if (status !== 200) return { runs: null, why: `GET /api/settings answered ${status}` };
    const wanted = clientAddressHeader(proxySecret).toLowerCase();
    const trusted = (body?.trustedProxy?.headers ?? []).map((name) => String(name).toLowerCase());
    return { runs: trusted.includes(wanted) };
  } catch (error) {
    return { runs: null, why: String(error instanceof Error ? error.message : error).replace(/\.$/, '') };
  }
}
