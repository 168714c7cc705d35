// POST /edge/ai/v1/chat/completions: Workers AI (the Worker's `AI` binding) behind OpenAI's chat completions API, for
// PocketBase's optional chat model (pb_hooks/ai/chat.js) on Cloudflare, the same way as embeddings
// (src/edge/ai-embeddings.ts): PocketBase already holds the edge secret and the site's address. Workers AI's text
// generation input is { messages, max_tokens, temperature, response_format } and its output { response, usage }
// (developers.cloudflare.com/workers-ai/models, `AiTextGenerationOutput` in @cloudflare/workers-types); the answer
// is OpenAI's chat.completion object. There is no default model: the operator names one (CHORUS_AI_CHAT_MODEL).
import { serveWorkersAi } from './workers-ai-route';

const MAX_MESSAGES = 8;
const MAX_MESSAGE_CHARS = 8000;
const MAX_TOKENS = 400;
const MAX_BODY_BYTES = 256 * 1024;

type Role = 'system' | 'user' | 'assistant';
export interface AiChatInput {
  messages: { role: Role; content: string }[];
  max_tokens: number;
  temperature: number;
  response_format?: { type: 'json_object' };
}
/** The `AI` binding's one method this route uses, for text generation models. */
export interface AiChatBinding {
  run(model: string, input: AiChatInput): Promise<unknown>;
}
export interface AiChatEnv {
  AI?: AiChatBinding;
  EDGE_PURGE_SECRET?: string;
  EDGE_PURGE_SECRET_PREVIOUS?: string;
}

/** OpenAI's request, as far as this route takes it: `{ model, messages, max_tokens?, temperature?, response_format? }`. */
function readInput(body: string): { model: string; input: AiChatInput } | { error: string } {
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(body) as Record<string, unknown>;
  } catch {
    return { error: 'Expected a JSON body {"model": "@cf/...", "messages": [...]}.' };
  }
  const model = typeof parsed.model === 'string' && parsed.model.startsWith('@cf/') ? parsed.model : '';
  if (!model) return { error: 'Expected "model": a Workers AI text generation model (@cf/...).' };
  const messages = parsed.messages;
  const roles: unknown[] = ['system', 'user', 'assistant'];
  if (
    !Array.isArray(messages) ||
    messages.length === 0 ||
    messages.length > MAX_MESSAGES ||
    !messages.every(
      (one) =>
        roles.includes((one as { role?: unknown })?.role) &&
        typeof (one as { content?: unknown }).content === 'string' &&
        (one as { content: string }).content.length <= MAX_MESSAGE_CHARS,
    )
  ) {
    return { error: `Expected "messages": 1 to ${MAX_MESSAGES} of { role, content } (text).` };
  }
  const tokens = Number(parsed.max_tokens);
  const temperature = Number(parsed.temperature);
  const input: AiChatInput = {
    messages: messages as AiChatInput['messages'],
    max_tokens: Number.isInteger(tokens) && tokens > 0 ? Math.min(tokens, MAX_TOKENS) : 256,
    temperature: Number.isFinite(temperature) ? Math.max(0, Math.min(2, temperature)) : 0,
  };
  if ((parsed.response_format as { type?: unknown } | undefined)?.type === 'json_object') {
    input.response_format = { type: 'json_object' };
  }
  return { model, input };
}

/** Workers AI's output (`{ response: string | object }`; JSON mode may answer an object) as OpenAI's chat.completion. */
export function toOpenAiChat(model: string, output: unknown): unknown | null {
  const response = (output as { response?: unknown } | null)?.response;
  const content =
    typeof response === 'string'
      ? response
      : response && typeof response === 'object'
        ? JSON.stringify(response)
        : null;
  if (content === null) return null;
  return {
    id: `chatcmpl-${crypto.randomUUID()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  };
}

export function handleAiChatRequest(request: Request, env: AiChatEnv): Promise<Response> {
  return serveWorkersAi(request, env, {
    maxBodyBytes: MAX_BODY_BYTES,
    what: 'a chat request',
    readInput,
    modelInput: (asked) => asked.input,
    answer: (asked, output) => toOpenAiChat(asked.model, output),
  });
}
