// Ideas similar in meaning (issue 38): a text's nearest ideas (embedded through the provider, compared in Go by
// $vectors, server/cmd/pocketbase/vectors.go) and a stored idea's nearest. Scores are cosine similarities (-1…1),
// best first; [] without a provider, without vectors, or when the provider fails (logged). Visibility is the
// caller's concern (pb_hooks/duplicates/similar.pb.js filters what the person may see).
const provider = require(`${__hooks}/ai/provider.js`);

const MAX_QUERY_CHARS = 2000;

/** The nearest ideas to `text`: [{ id, score }]. */
function similarToText(app, text, { limit = 5, excludeId = '' } = {}) {
  const query = String(text || '')
    .trim()
    .slice(0, MAX_QUERY_CHARS);
  if (!query || !provider.isConfigured()) return [];
  let answer;
  try {
    answer = provider.embed([query], { timeoutSeconds: 5 });
  } catch (error) {
    app.logger().warn('Similar ideas: the AI provider failed; words only', 'error', String(error));
    return [];
  }
  const found = $vectors.nearest(answer.model, $vectors.encode(answer.vectors[0]), limit, excludeId || '');
  return Array.from(found, (one) => ({ id: String(one.id), score: Number(one.score) }));
}

/** The nearest ideas to stored idea `postId` (by its vector of the current model): [{ id, score }], [] when none. */
function semanticNeighbours(app, postId, limit = 5) {
  const model = provider.modelName();
  if (!model || !postId) return [];
  const row = new DynamicModel({ vector: '' });
  try {
    app
      .db()
      .newQuery('SELECT vector FROM post_vectors WHERE post = {:post} AND model = {:model} LIMIT 1')
      .bind({ post: postId, model })
      .one(row);
  } catch (_) {
    return [];
  }
  const found = $vectors.nearest(model, row.vector, limit, postId);
  return Array.from(found, (one) => ({ id: String(one.id), score: Number(one.score) }));
}

module.exports = { similarToText, semanticNeighbours };
