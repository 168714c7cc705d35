// The gateway's one question to PocketBase for a signed-in page view (issue 59): whose is this sign-in? One auth
// refresh, as the middleware makes, names the member's audience; a verified plain member is then served their
// audience's cached copy (the members', or the one segment's with a board of its own they are in:
// src/edge/page-gateway.ts), and anyone else (staff, a member of two such segments, a refused or unknown sign-in) is
// rendered for them alone, as before.

import { createServerClient } from '../lib/pb/client';
import { forwardedAddress } from '../lib/pb/client-address.mjs';
import { handOver, verifySession } from '../lib/pb/session';
import { type AudienceMember, mayServeAudience } from './page-gateway';

export interface AudienceEnv {
  PB_URL?: string;
  PUBLIC_PB_URL?: string;
  CHORUS_PROXY_SECRET?: string;
  /** 'off': every signed-in member's page is rendered for them, as before audiences (an operator's switch). */
  CHORUS_MEMBER_CACHE?: string;
}

const DEFAULT_PB_URL = 'http://127.0.0.1:8090';

/** What the gateway learnt: the member's audience when their page may come from its cached copy (else null: render
 * it for them), and the session it verified, for either (handed to the middleware of the member's own render, which
 * then need not ask PocketBase again: also when the audience's copy answers an error and their render follows). The
 * hand-over is written only when a render of their own needs it: most audience members' views never do. */
export interface GatewaySession {
  member: AudienceMember | null;
  verified: (() => string) | null;
}

const NONE: GatewaySession = { member: null, verified: null };

export async function memberAudience(request: Request, url: URL, env: AudienceEnv): Promise<GatewaySession> {
  // Without the secret it shares with PocketBase the Worker cannot render as the audience's principal.
  if (!env.CHORUS_PROXY_SECRET || env.CHORUS_MEMBER_CACHE === 'off' || !mayServeAudience(request, url)) return NONE;
  const pb = createServerClient(
    env.PB_URL || env.PUBLIC_PB_URL || DEFAULT_PB_URL,
    request.headers.get('cookie'),
    forwardedAddress(env.CHORUS_PROXY_SECRET ?? '', request.headers.get('cf-connecting-ip')),
  );
  try {
    const session = await verifySession(pb);
    if (!session.user) return NONE;
    const verified = () => handOver(pb, session);
    if (session.audience) {
      const member = { audience: session.audience, locale: session.user.locale, shellVersion: session.shellVersion };
      return { member, verified };
    }
    return { member: null, verified };
  } catch {
    // PocketBase unreachable: the uncached render answers (its 503 page says so).
    return NONE;
  }
}
