// The local AI embeddings stand-in for integration tests (tools/lib/ai-stand-in.mjs: a real small English model
// behind an OpenAI-compatible API) and the environment that points a test PocketBase at it.
import { startAiStandIn } from '../../tools/lib/ai-stand-in.mjs';

export type AiStandIn = Awaited<ReturnType<typeof startAiStandIn>>;

export const startAi = (options: { key?: string } = {}): Promise<AiStandIn> => startAiStandIn(options);

/** PocketBase's environment for the stand-in: CHORUS_AI_URL and CHORUS_AI_EMBEDDING_MODEL (`model` to rename it). */
export const aiEnv = (ai: AiStandIn, model = ai.model): Record<string, string> => ({
  CHORUS_AI_URL: ai.url,
  CHORUS_AI_EMBEDDING_MODEL: model,
});
