// The Worker's MCP SDK without Ajv (tools/lib/mcp-without-ajv.mjs): only the SDK's own import of its Ajv validator
// is swapped, and the stand-in refuses whatever it is asked to check rather than accepting it unchecked.
import { describe, expect, it } from 'vitest';
import { AjvJsonSchemaValidator } from '../../src/features/mcp/no-elicitation-validator';
import { mcpWithoutAjv } from '../../tools/lib/mcp-without-ajv.mjs';

describe('the MCP SDK without Ajv', () => {
  const plugin = mcpWithoutAjv();
  const sdkServer = '/app/node_modules/@modelcontextprotocol/sdk/dist/esm/server/index.js';

  it('swaps the SDK’s own import of its Ajv validator, and nothing else', () => {
    expect(plugin.resolveId('../validation/ajv-provider.js', sdkServer)).toMatch(/no-elicitation-validator\.ts$/);
    expect(plugin.resolveId('../validation/types.js', sdkServer)).toBeNull();
    expect(plugin.resolveId('../validation/ajv-provider.js', '/app/src/features/mcp/server.ts')).toBeNull();
    expect(plugin.resolveId('ajv', sdkServer)).toBeNull();
  });

  it('refuses every answer it is asked to check', () => {
    const check = new AjvJsonSchemaValidator().getValidator({ type: 'object' });
    expect(check({})).toMatchObject({ valid: false, data: undefined });
    expect(check({ anything: true }).valid).toBe(false);
  });
});
