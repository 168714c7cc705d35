/// <reference path="../pb_data/types.d.ts" />
// Each idea's embedding (issue 38, similar ideas by meaning): one row per idea, the model that made it, its
// dimensions, the vector (base64 of little-endian float32, normalized) and the hash of the title and body it was
// made from ("stale:<hash>" once the idea's text changed). Superusers only; written by the background indexer
// (pb_hooks/ai/indexer.js) and read into Go's index ($vectors, server/cmd/pocketbase/vectors.go).
migrate(
  (app) => {
    const posts = app.findCollectionByNameOrId('posts');
    const collection = new Collection({
      type: 'base',
      name: 'post_vectors',
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        {
          type: 'relation',
          name: 'post',
          required: true,
          collectionId: posts.id,
          cascadeDelete: true,
          maxSelect: 1,
        },
        { type: 'text', name: 'model', required: true, max: 200 },
        { type: 'number', name: 'dims', required: true, onlyInt: true, min: 1 },
        { type: 'text', name: 'vector', required: true, max: 200000 },
        { type: 'text', name: 'text_hash', max: 80 },
        { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
      ],
      indexes: [
        'CREATE UNIQUE INDEX idx_post_vectors_post ON post_vectors (post)',
        'CREATE INDEX idx_post_vectors_model ON post_vectors (model)',
      ],
    });
    app.save(collection);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('post_vectors'));
  },
);
