// GENERATED from src/contract/webhook-events.ts by `npm run contract`: edit that file, never this one.
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);
var webhook_events_exports = {};
__export(webhook_events_exports, {
  WEBHOOK_EVENTS: () => WEBHOOK_EVENTS,
  isWebhookEvent: () => isWebhookEvent
});
module.exports = __toCommonJS(webhook_events_exports);
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
