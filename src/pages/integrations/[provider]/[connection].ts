// POST /integrations/<provider>/<connection id> — where GitHub, Linear and Jira send their webhooks
// (src/features/trackers/ingress.ts checks and forwards them). Never cached; nothing else answers here.
import { CHORUS_PROXY_SECRET } from 'astro:env/server';
import type { APIRoute } from 'astro';
import { receiveTrackerEvent } from '../../../features/trackers/ingress';

export const POST: APIRoute = ({ params, request, locals }) =>
  receiveTrackerEvent(request, {
    pb: locals.pb,
    proxySecret: CHORUS_PROXY_SECRET ?? '',
    provider: params.provider ?? '',
    connection: params.connection ?? '',
  });
