// The benches of ideas by meaning (tools/bench/similar.mjs, duplicates.mjs) share two steps: waiting until the AI
// index has embedded every idea (running its job meanwhile), and timing the model itself on a set of texts, in the
// index job's batches of 64.

const BATCH = 64;

/** Runs the `chorus_ai_index` job until every idea is embedded; resolves with the last status. */
export async function untilIndexed(admin) {
  for (;;) {
    const status = await admin.send('/api/chorus/ai/status', {});
    if (status.indexed >= status.total) return status;
    await admin.send('/api/crons/chorus_ai_index', { method: 'POST' }).catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Embeds `texts` through the OpenAI-compatible API at `ai` ({ url, model }) in batches of 64; resolves with ms. */
export async function embeddingTime(ai, texts) {
  const start = performance.now();
  for (let i = 0; i < texts.length; i += BATCH) {
    const answer = await fetch(`${ai.url}/embeddings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: ai.model, input: texts.slice(i, i + BATCH) }),
    });
    await answer.json();
  }
  return performance.now() - start;
}
