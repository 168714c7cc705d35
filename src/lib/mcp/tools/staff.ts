// The MCP tools that need a staff key (change a status, merge, tag, internal comment, changelog draft).
import type { ChorusTool } from '../tool';

export const staffTools: ChorusTool[] = [];
