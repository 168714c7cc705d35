// The background indexer (issue 38): embeds, in batches of 64, the ideas whose vector is missing, stale (their title
// or body changed: text_hash "stale:<old hash>") or made by another model (CHORUS_AI_EMBEDDING_MODEL changed, so
// every idea is re-embedded in the background), skipping merged ones; a deleted idea's vector goes with it
// (cascade). Run by the AI_INDEX_JOB (src/contract/hand-offs.ts) (pb_hooks/ai/ai.pb.js) every minute and right after an idea is created
// or edited. One run at a time (platform/one-run.js); a provider that refuses or answers garbage is logged and
// the same ideas are tried again at the next run: an idea's save never waits for, or fails with, the provider.
const provider = require(`${__hooks}/ai/provider.js`);
const { oneRunAtATime } = require(`${__hooks}/platform/one-run.js`);
const { rowsOf } = require(`${__hooks}/platform/sql-rows.js`);

const BATCH = 64;
/** A run stops starting batches after this long; the next minute goes on. */
const BUDGET_MS = 45000;
const { AI_INDEXING_KEY: CLAIM_KEY, AI_LAST_ERROR_KEY: ERROR_KEY } = require(
  `${__hooks}/platform/contract/hook-hand-offs.js`,
);
const CLAIM_SECONDS = 120;
/** How much of an idea's body is embedded with its title. */
const BODY_CHARS = 1500;
const STALE = 'stale:';
/** A batch of 64 on a CPU-only provider (a small Ollama, the stand-in on a busy machine) takes seconds. */
const BATCH_TIMEOUT_SECONDS = 60;

/** The text an idea is embedded from. */
const textOf = (title, body) =>
  `${String(title || '').trim()}\n\n${String(body || '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, BODY_CHARS)}`.trim();
const hashOf = (text) => $security.sha256(text);

const NOT_MERGED = "(p.merged_into = '' OR p.merged_into IS NULL)";

/** The next ideas to embed for `model`, newest first. */
function pending(app, model, limit) {
  const rows = rowsOf(
    app,
    "SELECT p.id AS id, p.title AS title, p.body AS body, COALESCE(v.id, '') AS vid, COALESCE(v.model, '') AS model, " +
      "COALESCE(v.text_hash, '') AS hash FROM posts p LEFT JOIN post_vectors v ON v.post = p.id " +
      `WHERE ${NOT_MERGED} AND (v.id IS NULL OR v.model != {:model} OR v.text_hash LIKE '${STALE}%') ` +
      'ORDER BY p.created DESC LIMIT {:limit}',
    { id: '', title: '', body: '', vid: '', model: '', hash: '' },
    { model, limit },
  );
  return rows;
}

/** Writes one batch's vectors (and clears stale marks whose text came back unchanged), then tells Go's index. */
function store(app, rows, embedded) {
  const collection = app.findCachedCollectionByNameOrId('post_vectors');
  const written = [];
  app.runInTransaction((txApp) => {
    for (const { row, text, vector, dims, model } of embedded) {
      try {
        const record = row.vid ? txApp.findRecordById('post_vectors', row.vid) : new Record(collection);
        record.set('post', row.id);
        record.set('model', model);
        record.set('dims', dims);
        record.set('vector', $vectors.encode(vector));
        record.set('text_hash', hashOf(text));
        txApp.save(record);
        written.push(record);
      } catch (error) {
        app.logger().warn('AI index: an idea was not stored', 'post', row.id, 'error', String(error));
      }
    }
    for (const row of rows) {
      txApp
        .db()
        .newQuery('UPDATE post_vectors SET text_hash = {:hash} WHERE id = {:id}')
        .bind({ hash: row.hash.slice(STALE.length), id: row.vid })
        .execute();
    }
  });
  for (const record of written) {
    $vectors.put(record.getString('post'), record.getString('model'), record.getString('vector'));
  }
}

/** Embeds what is pending, batch after batch, for up to BUDGET_MS. Returns how many ideas were embedded. */
function runIndexer(app, { budgetMs = BUDGET_MS } = {}) {
  if (!provider.isConfigured()) return 0;
  return oneRunAtATime(CLAIM_KEY, () => indexFor(app, budgetMs), CLAIM_SECONDS * 1000);
}

/** One run's batches (runIndexer holds the claim). */
function indexFor(app, budgetMs) {
  const model = provider.modelName();
  const started = Date.now();
  let done = 0;
  while (Date.now() - started < budgetMs) {
    const rows = pending(app, model, BATCH);
    if (rows.length === 0) break;
    const unchanged = [];
    const toEmbed = [];
    for (const row of rows) {
      const text = textOf(row.title, row.body);
      // Edited, then back to the text it was embedded from: nothing to embed.
      if (row.vid && row.model === model && row.hash === `${STALE}${hashOf(text)}`) unchanged.push(row);
      else toEmbed.push({ row, text });
    }
    let answer = { vectors: [], dims: 0 };
    if (toEmbed.length) {
      try {
        answer = provider.embed(
          toEmbed.map((one) => one.text),
          { timeoutSeconds: BATCH_TIMEOUT_SECONDS },
        );
      } catch (error) {
        app.logger().warn('AI index: the provider failed; tried again in a minute', 'error', String(error));
        $app.store().set(ERROR_KEY, `${new Date().toISOString()} ${String(error)}`);
        break;
      }
    }
    store(
      app,
      unchanged,
      toEmbed.map((one, i) => ({ ...one, vector: answer.vectors[i], dims: answer.dims, model })),
    );
    $app.store().remove(ERROR_KEY);
    done += toEmbed.length;
  }
  return done;
}

/**
 * Progress for staff: { configured, provider, model, dims, indexed, total, stale, lastError, calibrated, calibration,
 * thresholds }: `calibrated` false when the model has no calibration and the strict defaults apply; `calibration`
 * where the points come from: 'site' (an admin's run), 'shipped' or 'strict' (ai/thresholds.js).
 */
function indexStatus(app) {
  const model = provider.modelName();
  const counts = new DynamicModel({ total: 0, indexed: 0, stale: 0, dims: 0 });
  app
    .db()
    .newQuery(
      `SELECT (SELECT COUNT(*) FROM posts p WHERE ${NOT_MERGED}) AS total, ` +
        `COALESCE(SUM(v.model = {:model} AND v.text_hash NOT LIKE '${STALE}%'), 0) AS indexed, ` +
        `COALESCE(SUM(v.model != {:model} OR v.text_hash LIKE '${STALE}%'), 0) AS stale, ` +
        'COALESCE((SELECT dims FROM post_vectors WHERE model = {:model} LIMIT 1), 0) AS dims ' +
        `FROM post_vectors v JOIN posts p ON p.id = v.post WHERE ${NOT_MERGED}`,
    )
    .bind({ model })
    .one(counts);
  const configured = provider.isConfigured();
  const { hint, floor, alone, calibrated, source } = require(`${__hooks}/ai/thresholds.js`).thresholds(app);
  return {
    configured,
    provider: provider.providerName(),
    model,
    dims: configured ? counts.dims : 0,
    indexed: configured ? counts.indexed : 0,
    total: counts.total,
    stale: configured ? counts.stale : 0,
    lastError: String($app.store().get(ERROR_KEY) || ''),
    calibrated: configured && calibrated,
    calibration: configured ? source : '',
    thresholds: { hint, floor, alone },
  };
}

module.exports = { runIndexer, indexStatus, textOf, hashOf, BATCH };
