/// <reference path="../../pb_data/types.d.ts" />
// GET /api/chorus/similar?q=<title>&board=<id>&limit=3 — ideas like a title being typed (issue 38), before a
// duplicate is posted: words (search's index) fused with meaning (the AI provider and Go's vector index) where a
// provider is configured, words alone otherwise (ai/hybrid.js). Only ideas the caller may list, never merged
// ones. Response: { items: [{ id, title, vote_count, status, score, via: 'words' | 'meaning' | 'both' }] }, at
// most 5. Each client address gets 60 suggestions by meaning a minute (platform/limits.js 'similar-meaning'), words after.
routerAdd('GET', '/api/chorus/similar', (e) => {
  const { similarIdeas } = require(`${__hooks}/ai/hybrid.js`);
  const { isStaff } = require(`${__hooks}/platform/access.js`);
  const provider = require(`${__hooks}/ai/provider.js`);
  const query = e.request.url.query();
  const text = String(query.get('q') || '')
    .trim()
    .slice(0, 300);
  const limit = Math.min(5, Math.max(1, Number.parseInt(query.get('limit'), 10) || 3));
  if (!text) return e.json(200, { items: [] });
  const meaning =
    provider.isConfigured() && !require(`${__hooks}/platform/limits.js`).take('similar-meaning', e.realIP());
  const found = similarIdeas(e.app, text, {
    board: String(query.get('board') || ''),
    auth: e.auth?.collection().name === 'users' ? e.auth.id : '',
    staff: isStaff(e),
    limit,
    exclude: String(query.get('exclude') || ''),
    meaning,
  });
  // Each idea checked against the real list rule too, as search does.
  const byId = {};
  for (const record of e.app.findRecordsByIds(
    'posts',
    found.map((one) => one.id),
  ))
    byId[record.id] = record;
  const info = e.requestInfo();
  const rule = e.app.findCachedCollectionByNameOrId('posts').listRule;
  const items = [];
  for (const one of found) {
    const record = byId[one.id];
    if (!record || !e.app.canAccessRecord(record, info, rule)) continue;
    items.push({
      id: record.id,
      title: record.getString('title'),
      vote_count: record.getInt('vote_count'),
      status: record.getString('status'),
      score: one.score,
      via: one.via,
    });
  }
  return e.json(200, { items });
});
