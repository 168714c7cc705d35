// One Workers AI route behind an OpenAI-shaped API (chat completions, embeddings): the edge secret, POST only, the
// `AI` binding, the caller's input read by the route, one call to the model, and its output answered in OpenAI's shape.
import { json, readSecretBody } from '../lib/edge-cache/purge';

export interface WorkersAiEnv<Input> {
  AI?: { run(model: string, input: Input): Promise<unknown> };
  EDGE_PURGE_SECRET?: string;
  EDGE_PURGE_SECRET_PREVIOUS?: string;
}

export interface WorkersAiRoute<Asked extends { model: string }, Input> {
  /** The largest request body the route reads. */
  maxBodyBytes: number;
  /** What a refused call is logged as, e.g. 'a chat request'. */
  what: string;
  /** The caller's OpenAI request, read and bounded, or why it is refused (400). */
  readInput(body: string): Asked | { error: string };
  /** What the model is given for that request. */
  modelInput(asked: Asked): Input;
  /** The model's output in OpenAI's shape, or null when it answered in another shape (502). */
  answer(asked: Asked, output: unknown): unknown | null;
}

export async function serveWorkersAi<Asked extends { model: string }, Input>(
  request: Request,
  env: WorkersAiEnv<Input>,
  route: WorkersAiRoute<Asked, Input>,
): Promise<Response> {
  const read = await readSecretBody(request, env.EDGE_PURGE_SECRET, route.maxBodyBytes, env.EDGE_PURGE_SECRET_PREVIOUS);
  if ('refusal' in read) return read.refusal;
  if (request.method !== 'POST') return json(405, { error: 'POST only.' });
  if (!env.AI) return json(503, { error: 'Workers AI is not bound to this Worker (wrangler.toml [ai]).' });
  const asked = route.readInput(read.body);
  if ('error' in asked) return json(400, { error: asked.error });
  let output: unknown;
  try {
    output = await env.AI.run(asked.model, route.modelInput(asked));
  } catch (error) {
    console.error(`Workers AI refused ${route.what}`, asked.model, String(error).slice(0, 300));
    return json(502, { error: 'Workers AI did not answer.' });
  }
  const answer = route.answer(asked, output);
  if (!answer) return json(502, { error: 'Workers AI answered in an unexpected shape.' });
  return json(200, answer);
}
