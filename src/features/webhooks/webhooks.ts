// Admin webhooks: the endpoints, a page of each one's deliveries (all, or the failed ones), and a secret
// shown once after creating or rotating it. Every action answers with the shared toast; a refused action changes nothing.
import { atom, map } from 'nanostores';
import { translate } from '../../i18n/current';
import { type AppError, toAppError } from '../../lib/pb/errors';
import { getClient } from '../../stores/client';
import { showToast } from '../../stores/toast';
import { attempt } from '../staff/staff-action';
import {
  createWebhook,
  type DeliveryPage,
  type DeliveryQuery,
  type DeliveryRecord,
  deleteWebhook,
  listDeliveries,
  type NewWebhook,
  resendDelivery,
  rotateWebhookSecret,
  setWebhookCustomerData,
  setWebhookPaused,
  type WebhookRecord,
} from './webhooks-data';

export const $webhooks = atom<WebhookRecord[] | null>(null);
/** Per endpoint, the page of deliveries the admin is looking at. */
export const $deliveries = map<Record<string, DeliveryPage>>({});
/** The secret of one endpoint, shown until the admin dismisses it; never fetched again. */
export const $revealedSecret = atom<{ webhookId: string; secret: string } | null>(null);

export async function addWebhook(data: NewWebhook): Promise<AppError | null> {
  const created = await attempt(() => createWebhook(getClient(), data), translate('adminWebhooks', 'added'));
  if (!created.ok) return created.error;
  const { secret, ...endpoint } = created.value;
  $webhooks.set([...($webhooks.get() ?? []), endpoint].sort((a, b) => a.name.localeCompare(b.name)));
  if (secret) $revealedSecret.set({ webhookId: endpoint.id, secret });
  return null;
}

export async function togglePaused(webhook: WebhookRecord): Promise<void> {
  const paused = !webhook.paused;
  const updated = await attempt(
    () => setWebhookPaused(getClient(), webhook.id, paused),
    paused ? translate('adminWebhooks', 'paused') : translate('adminWebhooks', 'resumed'),
  );
  if (updated.ok) $webhooks.set(($webhooks.get() ?? []).map((w) => (w.id === webhook.id ? updated.value : w)));
}

export async function toggleCustomerData(webhook: WebhookRecord): Promise<void> {
  const include = !webhook.include_customer_data;
  const updated = await attempt(
    () => setWebhookCustomerData(getClient(), webhook.id, include),
    translate('customers', include ? 'customerDataOn' : 'customerDataOff'),
  );
  if (updated.ok) $webhooks.set(($webhooks.get() ?? []).map((w) => (w.id === webhook.id ? updated.value : w)));
}

export async function removeWebhook(id: string): Promise<void> {
  const result = await attempt(() => deleteWebhook(getClient(), id), translate('adminWebhooks', 'deleted'));
  if (result.ok) $webhooks.set(($webhooks.get() ?? []).filter((w) => w.id !== id));
}

/** Per endpoint, the number of the latest page asked for: an answer to an earlier click never replaces it. */
const deliveryRequests = new Map<string, number>();

/** Loads a page of an endpoint's deliveries: the one asked for, else the one on screen, else the newest. */
export async function loadDeliveries(webhookId: string, query: Partial<DeliveryQuery> = {}): Promise<void> {
  const shown = $deliveries.get()[webhookId];
  const wanted: DeliveryQuery = {
    page: Math.max(1, Math.trunc(query.page ?? shown?.page ?? 1)),
    failedOnly: query.failedOnly ?? shown?.failedOnly ?? false,
  };
  const request = (deliveryRequests.get(webhookId) ?? 0) + 1;
  deliveryRequests.set(webhookId, request);
  try {
    const page = await listDeliveries(getClient(), webhookId, wanted);
    if (deliveryRequests.get(webhookId) === request) $deliveries.setKey(webhookId, page);
  } catch (error) {
    showToast(toAppError(error).message);
  }
}

/** Queues the same message again; the page on screen is read again, so the new attempt shows where it falls. */
export async function resend(delivery: DeliveryRecord): Promise<void> {
  const copy = await attempt(
    () => resendDelivery(getClient(), delivery.id),
    translate('adminWebhooks', 'resendQueued'),
  );
  if (copy.ok) await loadDeliveries(delivery.webhook);
}

export async function rotateSecret(webhookId: string): Promise<void> {
  const secret = await attempt(
    () => rotateWebhookSecret(getClient(), webhookId),
    translate('adminWebhooks', 'secretRotated'),
  );
  if (secret.ok) $revealedSecret.set({ webhookId, secret: secret.value });
}

export function dismissSecret(): void {
  $revealedSecret.set(null);
}
