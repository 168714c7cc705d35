/// <reference path="../pb_data/types.d.ts" />
// Suggested duplicates (issue 38): pairs of ideas the `chorus_duplicates` job found alike (pb_hooks/duplicates/),
// for staff to merge or dismiss on /admin/duplicates. `post` is the newer idea, `candidate` the older one;
// `pair_low`/`pair_high` are the two ids in order, and their unique index holds one row per unordered pair
// whatever its state, so a dismissed pair is never suggested again. `lexical` (shared title words, 0–1),
// `semantic` (cosine of the ideas' meaning, 0–1, 0 when unknown), `score` (both combined) and `reason` (the
// words or the meaning, in English; `words` the shared words for the page to show in any language).
// `state`: open, merged (staff merged the pair), dismissed (staff said no), closed (one of the ideas was
// merged elsewhere). Active staff read it; only the server writes (pb_hooks/duplicates/duplicates.pb.js).
// Ideas waiting for a check: `duplicate_checks`, one row per idea (its id is the idea's), written in the
// idea's own write transaction and worked off by the job. Superusers only.
// The access rules this migration applies, as a literal snapshot (a later change to pb_hooks/platform/access.js
// changes new migrations only, never what this one does on a fresh install).
const RULES = {
  ACTIVE_STAFF: '(@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))',
};

migrate(
  (app) => {
    const posts = app.findCollectionByNameOrId('posts');
    const post = (name) => ({
      name,
      type: 'relation',
      required: true,
      collectionId: posts.id,
      maxSelect: 1,
      cascadeDelete: true,
    });
    const suggestions = new Collection({
      type: 'base',
      name: 'duplicate_suggestions',
      listRule: RULES.ACTIVE_STAFF,
      viewRule: RULES.ACTIVE_STAFF,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        post('post'),
        post('candidate'),
        { name: 'pair_low', type: 'text', required: true, max: 15 },
        { name: 'pair_high', type: 'text', required: true, max: 15 },
        { name: 'lexical', type: 'number', min: 0, max: 1 },
        { name: 'semantic', type: 'number', min: 0, max: 1 },
        { name: 'score', type: 'number', min: 0, max: 1 },
        { name: 'reason', type: 'text', max: 300 },
        { name: 'words', type: 'json', maxSize: 2000 },
        {
          name: 'state',
          type: 'select',
          required: true,
          maxSelect: 1,
          values: ['open', 'merged', 'dismissed', 'closed'],
        },
        {
          name: 'decided_by',
          type: 'relation',
          collectionId: app.findCollectionByNameOrId('users').id,
          maxSelect: 1,
        },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: [
        'CREATE UNIQUE INDEX idx_duplicate_suggestions_pair ON duplicate_suggestions (pair_low, pair_high)',
        'CREATE INDEX idx_duplicate_suggestions_state ON duplicate_suggestions (state, score, created)',
        'CREATE INDEX idx_duplicate_suggestions_post ON duplicate_suggestions (post)',
        'CREATE INDEX idx_duplicate_suggestions_candidate ON duplicate_suggestions (candidate)',
      ],
    });
    app.save(suggestions);

    const checks = new Collection({
      type: 'base',
      name: 'duplicate_checks',
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        post('post'),
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: [
        'CREATE UNIQUE INDEX idx_duplicate_checks_post ON duplicate_checks (post)',
        'CREATE INDEX idx_duplicate_checks_updated ON duplicate_checks (updated)',
      ],
    });
    app.save(checks);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('duplicate_checks'));
    app.delete(app.findCollectionByNameOrId('duplicate_suggestions'));
  },
);
