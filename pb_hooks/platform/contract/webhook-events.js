// GENERATED from src/contract/webhook-events.ts by `npm run contract`: edit that file, never this one.
const WEBHOOK_EVENTS = [
  "idea.posted",
  "idea.approved",
  "idea.status_changed",
  "comment.posted",
  "idea.vote_milestone",
  "idea.merged",
  "release.published",
  "idea.threshold_reached",
  "member.deleted"
];
function isWebhookEvent(name) {
  return WEBHOOK_EVENTS.includes(name);
}
module.exports = { WEBHOOK_EVENTS, isWebhookEvent };
