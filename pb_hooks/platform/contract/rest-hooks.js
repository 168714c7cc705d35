// GENERATED from src/contract/rest-hooks.ts by `npm run contract`: edit that file, never this one.
const REST_HOOK_EVENT_SCOPES = {
  "idea.posted": "read",
  "idea.approved": "read",
  "idea.status_changed": "read",
  "comment.posted": "read",
  "idea.vote_milestone": "read",
  "idea.merged": "read",
  "release.published": "read",
  "idea.threshold_reached": "staff",
  "member.deleted": "staff"
};
const POLLABLE_EVENTS = ["idea.posted", "comment.posted"];
const MAX_REST_HOOKS_PER_KEY = 20;
const MAX_RECENT_ITEMS = 50;
function isRestHookEvent(name) {
  return Object.hasOwn(REST_HOOK_EVENT_SCOPES, name);
}
const SAMPLE_IDEA = {
  id: "sample0000idea1",
  title: "Dark mode",
  url: "https://feedback.example.com/p/sample0000idea1",
  excerpt: "A dark theme for the board, following the system setting.",
  board: { name: "Ideas", slug: "ideas" },
  status: { name: "Open", slug: "open" },
  approved: true,
  vote_count: 12,
  comment_count: 3,
  fields: {},
  author: { id: "sample0000user1", name: "Ana" },
  created: "2026-01-05 09:30:00.000Z"
};
const SAMPLE_DATA = {
  "idea.posted": { idea: SAMPLE_IDEA },
  "idea.approved": { idea: SAMPLE_IDEA },
  "idea.status_changed": {
    idea: { ...SAMPLE_IDEA, status: { name: "Planned", slug: "planned" } },
    from: { name: "Open", slug: "open" },
    to: { name: "Planned", slug: "planned" },
    response: "Planned for the next quarter.",
    actor: { id: "sample0000user2", name: "Sam" }
  },
  "comment.posted": {
    idea: SAMPLE_IDEA,
    comment: {
      id: "sample000comnt1",
      url: "https://feedback.example.com/p/sample0000idea1#comment-sample000comnt1",
      excerpt: "Me too: my eyes at night would thank you.",
      author: { id: "sample0000user3", name: "Lee" },
      parent: null
    }
  },
  "idea.vote_milestone": { idea: { ...SAMPLE_IDEA, vote_count: 25 }, milestone: 25 },
  "idea.merged": {
    idea: {
      ...SAMPLE_IDEA,
      id: "sample0000idea2",
      url: "https://feedback.example.com/p/sample0000idea2",
      title: "Night theme"
    },
    into: SAMPLE_IDEA
  },
  "release.published": {
    release: {
      id: "sample00release",
      title: "Dark mode is here",
      url: "https://feedback.example.com/changelog/dark-mode",
      excerpt: "Every page now follows your system\u2019s dark setting.",
      labels: ["new"],
      published_at: "2026-02-01 10:00:00.000Z",
      ideas: [{ id: SAMPLE_IDEA.id, title: SAMPLE_IDEA.title, url: SAMPLE_IDEA.url }]
    }
  },
  "idea.threshold_reached": {
    idea: SAMPLE_IDEA,
    rule: { id: "sample000alert1", name: "Popular", metric: "votes", threshold: 10, segment: null }
  },
  "member.deleted": { member: { id: "sample0000user4" } }
};
function restHookSample(event) {
  return {
    id: `sample_${event}`,
    version: 1,
    type: event,
    timestamp: "2026-02-01T10:00:00.000Z",
    data: SAMPLE_DATA[event]
  };
}
module.exports = { MAX_RECENT_ITEMS, MAX_REST_HOOKS_PER_KEY, POLLABLE_EVENTS, REST_HOOK_EVENT_SCOPES, isRestHookEvent, restHookSample };
