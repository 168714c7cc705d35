// The Worker's Workers AI route speaks OpenAI's embeddings API to PocketBase: the edge secret, the input limits,
// and bge-m3's documented output (tests/fixtures/workers-ai/) turned into OpenAI's response shape.
import { describe, expect, it, vi } from 'vitest';
import { type AiBinding, DEFAULT_WORKERS_AI_MODEL, handleAiEmbeddingsRequest } from '../../../src/edge/ai-embeddings';

// The edge secret's reader sits beside the purge code, which imports the Workers runtime.
vi.mock('cloudflare:workers', () => ({ DurableObject: class {}, WorkerEntrypoint: class {} }));

const SECRET = 'a-long-edge-secret-for-tests-0123456789';
const DIMS = 1024;

/** Workers AI as documented for @cf/baai/bge-m3: `{ shape: [n, 1024], data: number[][], pooling }`. */
function workersAi(calls: { model: string; text: string[] }[] = []): AiBinding {
  return {
    async run(model, input) {
      calls.push({ model, text: input.text });
      const data = input.text.map((text, i) => Array.from({ length: DIMS }, (_, d) => Math.sin(i + d + text.length)));
      return { shape: [input.text.length, DIMS], data, pooling: 'cls' };
    },
  };
}

const ask = (body: unknown, { secret = SECRET, ai = workersAi() as AiBinding | null } = {}) =>
  handleAiEmbeddingsRequest(
    new Request('https://chorus.test/edge/ai/v1/embeddings', {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
    ai ? { AI: ai, EDGE_PURGE_SECRET: SECRET } : { EDGE_PURGE_SECRET: SECRET },
  );

describe('POST /edge/ai/v1/embeddings', () => {
  it('answers in OpenAI’s shape, one vector per text in order, from bge-m3 by default', async () => {
    const calls: { model: string; text: string[] }[] = [];
    const answer = await ask({ input: ['dark mode', 'ein dunkles Design'] }, { ai: workersAi(calls) });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as {
      object: string;
      model: string;
      data: { index: number; embedding: number[] }[];
    };
    expect(body.object).toBe('list');
    expect(body.model).toBe(DEFAULT_WORKERS_AI_MODEL);
    expect(body.data.map((row) => [row.index, row.embedding.length])).toEqual([
      [0, DIMS],
      [1, DIMS],
    ]);
    expect(calls).toEqual([{ model: '@cf/baai/bge-m3', text: ['dark mode', 'ein dunkles Design'] }]);
  });

  it('takes one text as a string, and another Workers AI model when named', async () => {
    const calls: { model: string; text: string[] }[] = [];
    const answer = await ask({ model: '@cf/baai/bge-small-en-v1.5', input: 'dark mode' }, { ai: workersAi(calls) });
    expect(answer.status).toBe(200);
    expect(calls).toEqual([{ model: '@cf/baai/bge-small-en-v1.5', text: ['dark mode'] }]);
  });

  it('refuses a wrong secret, bad JSON and inputs over the limits before calling Workers AI', async () => {
    const calls: { model: string; text: string[] }[] = [];
    const ai = workersAi(calls);
    expect((await ask({ input: ['x'] }, { secret: `${SECRET}x`, ai })).status).toBe(401);
    expect((await ask('{not json', { ai })).status).toBe(400);
    expect((await ask({ input: [] }, { ai })).status).toBe(400);
    expect((await ask({ input: Array(101).fill('x') }, { ai })).status).toBe(400);
    expect((await ask({ input: ['x'.repeat(8001)] }, { ai })).status).toBe(400);
    expect((await ask({ input: [42] }, { ai })).status).toBe(400);
    expect(calls).toEqual([]);
  });

  it('says 503 where no AI is bound (locally), and 502 when Workers AI fails or answers oddly', async () => {
    expect((await ask({ input: ['x'] }, { ai: null })).status).toBe(503);
    const failing: AiBinding = { run: () => Promise.reject(new Error('capacity')) };
    expect((await ask({ input: ['x'] }, { ai: failing })).status).toBe(502);
    const odd: AiBinding = { run: async () => ({ shape: [1, 3], data: [[0.1, 'x', 0.3]] }) };
    expect((await ask({ input: ['x'] }, { ai: odd })).status).toBe(502);
    const short: AiBinding = { run: async () => ({ shape: [1, 2], data: [[0.1, 0.2]] }) };
    expect((await ask({ input: ['x', 'y'] }, { ai: short })).status).toBe(502);
  });
});
