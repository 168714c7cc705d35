// POST /edge/ai/v1/embeddings: Workers AI (the Worker's `AI` binding) behind OpenAI's embeddings API, for
// PocketBase's AI provider (pb_hooks/ai/provider.js) on Cloudflare with nothing to set up: PocketBase
// already holds the edge secret and the site's address. Workers AI has no local simulation (remote binding
// only): locally the binding cannot answer (502), and `npm start` and the tests use the local stand-in instead.
import { serveWorkersAi } from './workers-ai-route';

/** Multilingual (100+ languages), 1024 dimensions; any Workers AI text-embedding model may be asked for. */
export const DEFAULT_WORKERS_AI_MODEL = '@cf/baai/bge-m3';
/** Workers AI's text-embedding models take at most 100 texts a call. */
const MAX_TEXTS = 100;
const MAX_TEXT_CHARS = 8000;
const MAX_BODY_BYTES = 1024 * 1024;

/** The `AI` binding's one method this route uses (cloudflare:workers `Ai`). */
export interface AiBinding {
  run(model: string, input: { text: string[] }): Promise<unknown>;
}
export interface AiEmbeddingsEnv {
  AI?: AiBinding;
  EDGE_PURGE_SECRET?: string;
  EDGE_PURGE_SECRET_PREVIOUS?: string;
}

/** OpenAI's request: `{ model?, input: string | string[] }`. */
function readInput(body: string): { model: string; texts: string[] } | { error: string } {
  let parsed: { model?: unknown; input?: unknown };
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    return { error: 'Expected a JSON body {"model": "...", "input": ["..."]}.' };
  }
  const texts = typeof parsed.input === 'string' ? [parsed.input] : parsed.input;
  if (!Array.isArray(texts) || texts.length === 0 || texts.length > MAX_TEXTS) {
    return { error: `Expected "input": one text or 1 to ${MAX_TEXTS} texts.` };
  }
  if (!texts.every((text) => typeof text === 'string' && text.length > 0 && text.length <= MAX_TEXT_CHARS)) {
    return { error: `Each text is a string of 1 to ${MAX_TEXT_CHARS} characters.` };
  }
  const model =
    typeof parsed.model === 'string' && parsed.model.startsWith('@cf/') ? parsed.model : DEFAULT_WORKERS_AI_MODEL;
  return { model, texts };
}

/** Workers AI's text-embedding output (`{ shape: [n, dims], data: number[][] }`) as OpenAI's response. */
export function toOpenAiEmbeddings(model: string, output: unknown, count: number): unknown | null {
  const data = (output as { data?: unknown } | null)?.data;
  if (!Array.isArray(data) || data.length !== count) return null;
  if (!data.every((row) => Array.isArray(row) && row.length > 0 && row.every((x) => typeof x === 'number')))
    return null;
  return {
    object: 'list',
    data: data.map((embedding, index) => ({ object: 'embedding', index, embedding })),
    model,
    usage: { prompt_tokens: 0, total_tokens: 0 },
  };
}

export function handleAiEmbeddingsRequest(request: Request, env: AiEmbeddingsEnv): Promise<Response> {
  return serveWorkersAi(request, env, {
    maxBodyBytes: MAX_BODY_BYTES,
    what: 'an embedding request',
    readInput,
    modelInput: (asked) => ({ text: asked.texts }),
    answer: (asked, output) => toOpenAiEmbeddings(asked.model, output, asked.texts.length),
  });
}
