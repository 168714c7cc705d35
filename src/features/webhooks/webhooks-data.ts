// Webhook endpoints and their recorded deliveries (admins only; the API rules enforce it).

// The events are the contract's (src/contract/webhook-events.ts); their names in the admin's language: the
// adminWebhooks namespace.
import type { WebhookEvent } from '../../contract/webhook-events';
import type { PocketBase } from '../../lib/pb/client';

export { WEBHOOK_EVENTS, type WebhookEvent } from '../../contract/webhook-events';

/** How an endpoint is sent to: signed JSON (Standard Webhooks), or a chat's own message (Slack, Discord, Teams). */
export const WEBHOOK_KINDS = ['standard', 'slack', 'discord', 'teams'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];
/** An API key's REST hook (Zapier, Make, n8n): made only through /api/chorus/hooks; admins see, pause and delete it. */
export type ShownWebhookKind = WebhookKind | 'rest_hook';

export interface WebhookRecord {
  id: string;
  name: string;
  url: string;
  kind: ShownWebhookKind;
  events: WebhookEvent[];
  paused: boolean;
  paused_at: string;
  failure_count: number;
  /** Ideas carry their revenue and author's company (issue #24); off unless an admin turns it on. */
  include_customer_data: boolean;
  /** Only in the answer that created the endpoint. */
  secret?: string;
}

export interface DeliveryRecord {
  id: string;
  webhook: string;
  event: string;
  message_id: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  last_attempt_at: string;
  next_attempt_at: string;
  response_code: number;
  error: string;
  created: string;
  /** Every attempt, oldest first (the worker writes one row per send: webhook_attempts). */
  attempt_log: AttemptRecord[];
}

/** One send of a delivery: when, the receiver's answer (0: none; `error` says why) and how long it took. */
export interface AttemptRecord {
  attempted_at: string;
  response_code: number;
  duration_ms: number;
  error: string;
}

const ATTEMPTS = 'webhook_attempts_via_delivery';
const ATTEMPT_FIELDS = ['attempted_at', 'response_code', 'duration_ms', 'error']
  .map((field) => `expand.${ATTEMPTS}.${field}`)
  .join(',');

export type NewWebhook = Pick<WebhookRecord, 'name' | 'url' | 'kind' | 'events'> &
  Partial<Pick<WebhookRecord, 'include_customer_data'>>;
const WEBHOOK_FIELDS = 'id,name,url,kind,events,paused,paused_at,failure_count,include_customer_data';

export function listWebhooks(pb: PocketBase): Promise<WebhookRecord[]> {
  return pb.collection('webhooks').getFullList<WebhookRecord>({ sort: 'name', fields: WEBHOOK_FIELDS });
}

export function createWebhook(pb: PocketBase, data: NewWebhook): Promise<WebhookRecord> {
  return pb.collection('webhooks').create<WebhookRecord>(data);
}

export function setWebhookPaused(pb: PocketBase, id: string, paused: boolean): Promise<WebhookRecord> {
  return pb.collection('webhooks').update<WebhookRecord>(id, { paused }, { fields: WEBHOOK_FIELDS });
}

export function setWebhookCustomerData(pb: PocketBase, id: string, include: boolean): Promise<WebhookRecord> {
  return pb
    .collection('webhooks')
    .update<WebhookRecord>(id, { include_customer_data: include }, { fields: WEBHOOK_FIELDS });
}

export function deleteWebhook(pb: PocketBase, id: string): Promise<boolean> {
  return pb.collection('webhooks').delete(id);
}

/** Deliveries to show at once; the admin pages through older ones. */
export const DELIVERIES_PER_PAGE = 20;

export interface DeliveryQuery {
  /** 1 for the newest. */
  page: number;
  failedOnly: boolean;
}

export interface DeliveryPage extends DeliveryQuery {
  items: DeliveryRecord[];
  totalItems: number;
  totalPages: number;
}

/** One page of an endpoint's deliveries, newest first, with the total: both read through an index on
 * (webhook, status, created) or (webhook, created), so neither grows with the whole table. */
export async function listDeliveries(pb: PocketBase, webhookId: string, query: DeliveryQuery): Promise<DeliveryPage> {
  const filter = query.failedOnly ? "webhook = {:id} && status = 'failed'" : 'webhook = {:id}';
  type Row = Omit<DeliveryRecord, 'attempt_log'> & { expand?: { [ATTEMPTS]?: AttemptRecord[] } };
  const page = await pb.collection('webhook_deliveries').getList<Row>(query.page, DELIVERIES_PER_PAGE, {
    filter: pb.filter(filter, { id: webhookId }),
    sort: '-created',
    // The attempts come in the same request (a back-relation expand), never one request per row.
    expand: ATTEMPTS,
    fields: `id,webhook,event,message_id,status,attempts,last_attempt_at,next_attempt_at,response_code,error,created,${ATTEMPT_FIELDS}`,
  });
  const items = page.items.map(({ expand, ...delivery }) => ({
    ...delivery,
    attempt_log: (expand?.[ATTEMPTS] ?? []).toSorted((a, b) => a.attempted_at.localeCompare(b.attempted_at)),
  }));
  return { ...query, items, totalItems: page.totalItems, totalPages: page.totalPages };
}

export function resendDelivery(pb: PocketBase, deliveryId: string): Promise<DeliveryRecord> {
  return pb.send(`/api/chorus/webhooks/deliveries/${encodeURIComponent(deliveryId)}/resend`, { method: 'POST' });
}

export async function rotateWebhookSecret(pb: PocketBase, id: string): Promise<string> {
  const answer = await pb.send<{ secret: string }>(`/api/chorus/webhooks/${encodeURIComponent(id)}/secret`, {
    method: 'POST',
  });
  return answer.secret;
}
