// The one home of webhook event names: a code (`comment.posted`) in the admin's language, for the form, the
// endpoint summary and the delivery log alike.
import { translate } from '../../i18n/current';
import type { KeyOf } from '../../i18n/translator';
import type { WebhookEvent } from './webhooks-data';

const NAME_KEYS = {
  'idea.posted': 'event_idea_posted',
  'idea.approved': 'event_idea_approved',
  'idea.status_changed': 'event_idea_status_changed',
  'comment.posted': 'event_comment_posted',
  'idea.vote_milestone': 'event_idea_vote_milestone',
  'idea.merged': 'event_idea_merged',
  'release.published': 'event_release_published',
  'idea.threshold_reached': 'event_idea_threshold_reached',
  'member.deleted': 'event_member_deleted',
} as const satisfies Record<WebhookEvent, KeyOf<'adminWebhooks'>>;

/** "Comment posted" for `comment.posted`; an event this version does not know keeps its code. */
export function webhookEventName(event: string): string {
  const key = Object.hasOwn(NAME_KEYS, event) ? NAME_KEYS[event as WebhookEvent] : null;
  return key ? translate('adminWebhooks', key) : event;
}
