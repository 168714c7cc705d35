// A local OpenAI-compatible chat model for tests: POST /v1/chat/completions in the shapes of OpenAI's API reference
// (platform.openai.com/docs/api-reference/chat/create, the openai-openapi spec's CreateChatCompletionRequest and
// CreateChatCompletionResponse): the request { model, messages: [{ role, content }], temperature, max_tokens,
// response_format: { type: 'json_object' } } (model and messages required: 400 otherwise), the bearer key checked
// (401), and the answer { id, object: 'chat.completion', created, model, choices: [{ index, message: { role:
// 'assistant', content }, finish_reason: 'stop' }], usage }. Workers AI's chat route on the Worker answers the same
// shape (src/edge/ai-chat.ts). What it answers is set per test: a JSON content, a raw content (garbage), an HTTP
// status, or no answer at all (a timeout). It is not a model: each test says what the model would have said.
// To check a real provider after connecting: `curl $CHORUS_AI_CHAT_URL/chat/completions -H "authorization: Bearer
// $CHORUS_AI_CHAT_KEY" -H 'content-type: application/json' -d '{"model": "'$CHORUS_AI_CHAT_MODEL'", "messages":
// [{"role": "user", "content": "Reply {\"ok\": true}"}], "response_format": {"type": "json_object"}}'`.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  authorization: string;
  model: string;
  messages: { role: string; content: string }[];
  temperature?: number;
  max_tokens?: number;
  response_format?: { type: string };
}

/** What the stand-in answers one request with. */
export type ChatReply =
  | { json: unknown } // the content is this value as JSON text
  | { content: string } // the content as given (garbage, prose, fences)
  | { status: number } // an HTTP error
  | { body: string } // a 200 whose body is not the documented shape
  | 'hang'; // no answer until the server stops (the caller's timeout)

export async function startChatServer({ key }: { key: string }) {
  const requests: ChatRequest[] = [];
  let reply: (request: ChatRequest) => ChatReply = () => ({ status: 503 });
  const hanging = new Set<ServerResponse>();

  const send = (response: ServerResponse, status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') return send(response, 404, {});
    const authorization = String(request.headers.authorization ?? '');
    if (authorization !== `Bearer ${key}`) {
      return send(response, 401, { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error' } });
    }
    let body: Omit<ChatRequest, 'authorization'>;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return send(response, 400, { error: { message: 'We could not parse the JSON body.' } });
    }
    if (typeof body.model !== 'string' || !Array.isArray(body.messages) || body.messages.length === 0) {
      return send(response, 400, { error: { message: "'model' and 'messages' are required properties." } });
    }
    const asked = { authorization, ...body };
    requests.push(asked);
    const answer = reply(asked);
    if (answer === 'hang') {
      hanging.add(response);
      return;
    }
    if ('status' in answer) return send(response, answer.status, { error: { message: 'The server had an error.' } });
    if ('body' in answer) return response.writeHead(200, { 'content-type': 'application/json' }).end(answer.body);
    const content = 'json' in answer ? JSON.stringify(answer.json) : answer.content;
    return send(response, 200, {
      id: `chatcmpl-${requests.length}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [
        { index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' },
      ],
      usage: { prompt_tokens: 50, completion_tokens: 20, total_tokens: 70 },
    });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => send(response, 500, {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** The base URL an OpenAI client takes (CHORUS_AI_CHAT_URL). */
    url: `http://127.0.0.1:${port}/v1`,
    /** Every request answered so far, in order. */
    requests,
    /** Sets what the next requests are answered with (by what they ask). */
    answer(next: (request: ChatRequest) => ChatReply) {
      reply = next;
    },
    async stop() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type ChatServer = Awaited<ReturnType<typeof startChatServer>>;

/** The user message of a request (the material the model was given). */
export const userText = (request: ChatRequest): string =>
  request.messages
    .filter((one) => one.role === 'user')
    .map((one) => one.content)
    .join('\n');
