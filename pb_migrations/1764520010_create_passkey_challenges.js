/// <reference path="../pb_data/types.d.ts" />
// One-time WebAuthn challenges: made when a ceremony starts, consumed (deleted) by the one finish that uses
// them, refused after five minutes. Server-only: no client rule at all.
migrate(
  (app) => {
    const challenges = new Collection({
      type: 'base',
      name: 'passkey_challenges',
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'challenge', type: 'text', required: true, max: 100 },
        // 'signin' (anyone, any passkey) or 'register' (the signed-in `user` adds one).
        { name: 'purpose', type: 'select', required: true, maxSelect: 1, values: ['signin', 'register'] },
        {
          name: 'user',
          type: 'relation',
          collectionId: app.findCollectionByNameOrId('users').id,
          maxSelect: 1,
          cascadeDelete: true,
        },
        { name: 'expires_at', type: 'date', required: true },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
      ],
      indexes: [
        'CREATE UNIQUE INDEX idx_passkey_challenges_challenge ON passkey_challenges (challenge)',
        'CREATE INDEX idx_passkey_challenges_expires ON passkey_challenges (expires_at)',
      ],
    });
    app.save(challenges);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('passkey_challenges'));
  },
);
