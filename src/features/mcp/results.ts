// How MCP tools answer: JSON as text (every client reads it) plus structuredContent, and refusals as tool errors
// in one clear sentence: the scope a tool needs, a rate limit with its wait, PocketBase's own refusal text.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ClientResponseError } from '../../lib/pb/client';

export function jsonResult(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }], structuredContent: value };
}

export function refusal(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/** A failed call to PocketBase as a tool error a model can act on; anything else is rethrown. */
export function refusalOf(error: unknown): CallToolResult {
  if (!(error instanceof ClientResponseError)) throw error;
  if (error.status === 429) {
    return refusal(
      `${error.message || 'Too many requests.'} This API key is past its rate limit: wait a minute and retry.`,
    );
  }
  if (error.status === 404) return refusal('Not found, or this API key may not see it.');
  if (error.status === 0) return refusal('Chorus could not be reached; try again.');
  const fields = Object.entries((error.response?.data ?? {}) as Record<string, { message?: string }>)
    .map(([field, detail]) => `${field}: ${detail?.message ?? 'invalid'}`)
    .join('; ');
  return refusal(`${error.message}${fields ? ` (${fields})` : ''}`);
}

/** Runs a tool body, turning PocketBase's refusals into tool errors. */
export async function guarded(run: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await run();
  } catch (error) {
    return refusalOf(error);
  }
}
