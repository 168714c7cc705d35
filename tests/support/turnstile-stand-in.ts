// The Turnstile siteverify stand-in (tools/lib/turnstile-stand-in.mjs, the same one `npm start` runs), allowed as an
// outbound destination of the test's PocketBase.
import { startTurnstileStandIn as start } from '../../tools/lib/turnstile-stand-in.mjs';
import { allowOutbound } from './outbound-allow';

export { DUMMY_TOKEN } from '../../tools/lib/turnstile-stand-in.mjs';

export async function startTurnstileStandIn(options: { secret: string; hostname?: string }) {
  const standIn = await start(options);
  allowOutbound(standIn.origin);
  return standIn;
}
