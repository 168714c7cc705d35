// The webhook events, written once for both runtimes (no imports): what an endpoint may subscribe to (the admin's
// form, the API description) and what PocketBase's hooks send (pb_hooks/webhooks/webhooks-events.pb.js builds each one, and
// webhooks/payload.js refuses a name not listed here).
export const WEBHOOK_EVENTS = [
  'idea.posted',
  'idea.approved',
  'idea.status_changed',
  'comment.posted',
  'idea.vote_milestone',
  'idea.merged',
  'release.published',
  'idea.threshold_reached',
  'member.deleted',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export function isWebhookEvent(name: string): name is WebhookEvent {
  return (WEBHOOK_EVENTS as readonly string[]).includes(name);
}
