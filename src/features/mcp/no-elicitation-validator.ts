// Stands in, in the Worker's bundle, for the MCP SDK's Ajv JSON Schema validator (swapped in by
// tools/lib/mcp-without-ajv.mjs): the SDK's Server uses that validator only to check answers to elicitation (a
// server asking the client's user for input), which Chorus's MCP server never asks for. Ajv and its formats
// were 4% of the Worker (the budget: 1 MiB, docs' architecture/budgets.md). Should anything ever ask, it is refused, never accepted
// unchecked.
import type { JsonSchemaType, JsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';

export class AjvJsonSchemaValidator {
  getValidator<T>(_schema: JsonSchemaType): JsonSchemaValidator<T> {
    return () => ({ valid: false, data: undefined, errorMessage: 'Chorus asks MCP clients for no input.' });
  }
}
