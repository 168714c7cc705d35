// The REST-hook contract for automation platforms (Zapier, Make, n8n), written once for both runtimes (no imports):
// which webhook events an API key may subscribe to and the scope each needs, which can also be polled, how many
// subscriptions a key may hold, and one sample payload per event (the OpenAPI document and the sample route).

/** The scope (src/contract/api-key-scopes.ts) a key needs to subscribe to, or poll, each event. */
export const REST_HOOK_EVENT_SCOPES = {
  'idea.posted': 'read',
  'idea.approved': 'read',
  'idea.status_changed': 'read',
  'comment.posted': 'read',
  'idea.vote_milestone': 'read',
  'idea.merged': 'read',
  'release.published': 'read',
  'idea.threshold_reached': 'staff',
  'member.deleted': 'staff',
} as const;

export type RestHookEvent = keyof typeof REST_HOOK_EVENT_SCOPES;

/** Events whose recent items can be listed for polling triggers (and a REST hook's first test): newest first. */
export const POLLABLE_EVENTS = ['idea.posted', 'comment.posted'] as const;

/** Live subscriptions one API key may hold. */
export const MAX_REST_HOOKS_PER_KEY = 20;

/** Items a polling list answers at most (25 when not asked). */
export const MAX_RECENT_ITEMS = 50;

export function isRestHookEvent(name: string): name is RestHookEvent {
  return Object.hasOwn(REST_HOOK_EVENT_SCOPES, name);
}

const SAMPLE_IDEA = {
  id: 'sample0000idea1',
  title: 'Dark mode',
  url: 'https://feedback.example.com/p/sample0000idea1',
  excerpt: 'A dark theme for the board, following the system setting.',
  board: { name: 'Ideas', slug: 'ideas' },
  status: { name: 'Open', slug: 'open' },
  approved: true,
  vote_count: 12,
  comment_count: 3,
  fields: {},
  author: { id: 'sample0000user1', name: 'Ana' },
  created: '2026-01-05 09:30:00.000Z',
};

/** One made-up data object per event, in the shape the hook sends (pb_hooks/webhooks/payload.js builds real ones). */
const SAMPLE_DATA = {
  'idea.posted': { idea: SAMPLE_IDEA },
  'idea.approved': { idea: SAMPLE_IDEA },
  'idea.status_changed': {
    idea: { ...SAMPLE_IDEA, status: { name: 'Planned', slug: 'planned' } },
    from: { name: 'Open', slug: 'open' },
    to: { name: 'Planned', slug: 'planned' },
    response: 'Planned for the next quarter.',
    actor: { id: 'sample0000user2', name: 'Sam' },
  },
  'comment.posted': {
    idea: SAMPLE_IDEA,
    comment: {
      id: 'sample000comnt1',
      url: 'https://feedback.example.com/p/sample0000idea1#comment-sample000comnt1',
      excerpt: 'Me too: my eyes at night would thank you.',
      author: { id: 'sample0000user3', name: 'Lee' },
      parent: null,
    },
  },
  'idea.vote_milestone': { idea: { ...SAMPLE_IDEA, vote_count: 25 }, milestone: 25 },
  'idea.merged': {
    idea: {
      ...SAMPLE_IDEA,
      id: 'sample0000idea2',
      url: 'https://feedback.example.com/p/sample0000idea2',
      title: 'Night theme',
    },
    into: SAMPLE_IDEA,
  },
  'release.published': {
    release: {
      id: 'sample00release',
      title: 'Dark mode is here',
      url: 'https://feedback.example.com/changelog/dark-mode',
      excerpt: 'Every page now follows your system’s dark setting.',
      labels: ['new'],
      published_at: '2026-02-01 10:00:00.000Z',
      ideas: [{ id: SAMPLE_IDEA.id, title: SAMPLE_IDEA.title, url: SAMPLE_IDEA.url }],
    },
  },
  'idea.threshold_reached': {
    idea: SAMPLE_IDEA,
    rule: { id: 'sample000alert1', name: 'Popular', metric: 'votes', threshold: 10, segment: null },
  },
  'member.deleted': { member: { id: 'sample0000user4' } },
};

/** The sample payload of `event`: { id, version, type, timestamp, data }, as a REST hook delivers it. */
export function restHookSample(event: RestHookEvent) {
  return {
    id: `sample_${event}`,
    version: 1,
    type: event,
    timestamp: '2026-02-01T10:00:00.000Z',
    data: SAMPLE_DATA[event],
  };
}
