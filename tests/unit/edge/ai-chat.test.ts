// The Worker's Workers AI chat route speaks OpenAI's chat completions API to PocketBase (pb_hooks/ai/chat.js): the
// edge secret, the input limits, and Workers AI's documented text generation output ({ response }, a string, or an
// object in JSON mode: `AiTextGenerationOutput` in @cloudflare/workers-types) turned into OpenAI's chat.completion.
import { describe, expect, it, vi } from 'vitest';
import { type AiChatBinding, type AiChatInput, handleAiChatRequest } from '../../../src/edge/ai-chat';

// The edge secret's reader sits beside the purge code, which imports the Workers runtime.
vi.mock('cloudflare:workers', () => ({ DurableObject: class {}, WorkerEntrypoint: class {} }));

const SECRET = 'a-long-edge-secret-for-tests-0123456789';
const MODEL = '@cf/meta/llama-3.1-8b-instruct';

function workersAi(calls: { model: string; input: AiChatInput }[], response: unknown): AiChatBinding {
  return {
    async run(model, input) {
      calls.push({ model, input });
      return { response, usage: { prompt_tokens: 20, completion_tokens: 9, total_tokens: 29 } };
    },
  };
}

const ask = (body: unknown, { secret = SECRET, ai = null as AiChatBinding | null } = {}) =>
  handleAiChatRequest(
    new Request('https://chorus.test/edge/ai/v1/chat/completions', {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
    ai ? { AI: ai, EDGE_PURGE_SECRET: SECRET } : { EDGE_PURGE_SECRET: SECRET },
  );

const request = {
  model: MODEL,
  messages: [
    { role: 'system', content: 'Reply with JSON.' },
    { role: 'user', content: 'Same need?' },
  ],
  temperature: 0,
  max_tokens: 120,
  response_format: { type: 'json_object' },
};

describe('POST /edge/ai/v1/chat/completions', () => {
  it('asks the named model with the messages, temperature, tokens and JSON mode, and answers OpenAI’s shape', async () => {
    const calls: { model: string; input: AiChatInput }[] = [];
    const answer = await ask(request, { ai: workersAi(calls, '{"same": true, "reason": "both"}') });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { object: string; model: string; choices: unknown[] };
    expect(body).toMatchObject({
      object: 'chat.completion',
      model: MODEL,
      choices: [{ index: 0, message: { role: 'assistant', content: '{"same": true, "reason": "both"}' } }],
    });
    expect(calls).toEqual([
      {
        model: MODEL,
        input: {
          messages: request.messages,
          temperature: 0,
          max_tokens: 120,
          response_format: { type: 'json_object' },
        },
      },
    ]);
  });

  it('passes an object answered in JSON mode on as its JSON text', async () => {
    const answer = await ask(request, { ai: workersAi([], { same: false, reason: 'different' }) });
    const body = (await answer.json()) as { choices: { message: { content: string } }[] };
    expect(JSON.parse(body.choices[0]?.message.content ?? '')).toEqual({ same: false, reason: 'different' });
  });

  it('refuses a wrong secret, no model, bad JSON and messages over the limits before calling Workers AI', async () => {
    const calls: { model: string; input: AiChatInput }[] = [];
    const ai = workersAi(calls, '{}');
    expect((await ask(request, { secret: `${SECRET}x`, ai })).status).toBe(401);
    expect((await ask('{not json', { ai })).status).toBe(400);
    expect((await ask({ ...request, model: 'gpt-4o' }, { ai })).status).toBe(400);
    expect((await ask({ ...request, messages: [] }, { ai })).status).toBe(400);
    expect((await ask({ ...request, messages: [{ role: 'tool', content: 'x' }] }, { ai })).status).toBe(400);
    expect((await ask({ ...request, messages: [{ role: 'user', content: 'x'.repeat(8001) }] }, { ai })).status).toBe(
      400,
    );
    expect(calls).toEqual([]);
  });

  it('caps the tokens asked for', async () => {
    const calls: { model: string; input: AiChatInput }[] = [];
    await ask({ ...request, max_tokens: 100_000 }, { ai: workersAi(calls, '{}') });
    expect(calls[0]?.input.max_tokens).toBe(400);
  });

  it('says 503 where no AI is bound (locally), and 502 when Workers AI fails or answers oddly', async () => {
    expect((await ask(request)).status).toBe(503);
    const failing: AiChatBinding = { run: () => Promise.reject(new Error('capacity')) };
    expect((await ask(request, { ai: failing })).status).toBe(502);
    const odd: AiChatBinding = { run: async () => ({ result: 'x' }) };
    expect((await ask(request, { ai: odd })).status).toBe(502);
  });
});
