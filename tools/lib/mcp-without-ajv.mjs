// A Vite plugin: the MCP SDK's Server imports its Ajv validator whether or not a server elicits input; Chorus's
// never does, so that one import resolves to src/features/mcp/no-elicitation-validator.ts (which refuses) and
// Ajv stays out of the Worker. Only that file, and only when the SDK itself imports it.
import { fileURLToPath } from 'node:url';

const STAND_IN = fileURLToPath(new URL('../../src/features/mcp/no-elicitation-validator.ts', import.meta.url));

export function mcpWithoutAjv() {
  return {
    name: 'chorus-mcp-without-ajv',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !/[\\/]@modelcontextprotocol[\\/]sdk[\\/]/.test(importer)) return null;
      return /[\\/]validation[\\/]ajv-provider\.js$/.test(`/${source}`) ? STAND_IN : null;
    },
  };
}
