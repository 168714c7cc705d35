// What one MCP tool is (issue #26, item 3): a name, a precise description and input schema, the API-key scope
// it needs, and a run function that calls PocketBase as the key (so PocketBase's rules decide what it sees).
// src/features/mcp/server.ts registers every tool of src/features/mcp/tools/ with the SDK's McpServer.
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { type KeyScope, scopeAllows } from '../../contract/api-key-scopes';
import type { PocketBase } from '../../lib/pb/client';

/** A tool needs one API key scope (src/contract/api-key-scopes.ts), and any stronger does. */
export { type KeyScope, scopeAllows };

/** The key calling, as GET /api/chorus/api-keys/self describes it. */
export interface CallingKey {
  id: string;
  name: string;
  scope: KeyScope;
  rate_limit: number;
  /** The key's service member (the author of what it writes). */
  user: string;
}

export interface ToolContext {
  /** A PocketBase client that sends the caller's API key on every request. */
  pb: PocketBase;
  key: CallingKey;
  /** The site's public address, for links back to ideas ("https://feedback.example.com"). */
  siteUrl: string;
}

export interface ChorusTool<Shape extends z.ZodRawShape = z.ZodRawShape> {
  name: string;
  title: string;
  description: string;
  scope: KeyScope;
  inputSchema: Shape;
  annotations?: ToolAnnotations;
  run(args: z.infer<z.ZodObject<Shape>>, context: ToolContext): Promise<CallToolResult>;
}
