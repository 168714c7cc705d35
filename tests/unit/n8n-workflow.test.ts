// The n8n workflow template (docs/public/integrations/chorus-n8n-workflow.json) imports as n8n reads workflows:
// well-formed nodes and connections; every HTTP node calls a route docs/openapi.json describes, with that method;
// the subscribe body names a REST-hook event and the template's own webhook; the fields it maps exist in the
// payload that event delivers; the polling node polls a pollable event and its dedupe keeps only new items.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isRestHookEvent, POLLABLE_EVENTS, restHookSample } from '../../src/contract/rest-hooks';

const root = join(import.meta.dirname, '../..');
/** The parameters the template's nodes use (HTTP Request, Webhook, Set, Code). */
type Params = {
  url: string;
  method?: string;
  jsonBody?: string;
  genericAuthType?: string;
  jsCode?: string;
  httpMethod?: string;
  path?: string;
  assignments?: { assignments: { value: string }[] };
};
type Node = {
  id: string;
  name: string;
  type: string;
  typeVersion: number;
  position: [number, number];
  parameters: Params;
  disabled?: boolean;
};
const workflow = JSON.parse(readFileSync(join(root, 'docs/public/integrations/chorus-n8n-workflow.json'), 'utf8')) as {
  name: string;
  nodes: Node[];
  connections: Record<string, { main: { node: string; type: string; index: number }[][] }>;
};
const openapi = JSON.parse(readFileSync(join(root, 'docs/openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, unknown>>;
};
const BASE = 'https://pb.example.com';
const byType = (type: string) => workflow.nodes.filter((node) => node.type === `n8n-nodes-base.${type}`);
const nodeNamed = (name: string) => workflow.nodes.find((node) => node.name === name);

/** The OpenAPI path a concrete path is: itself, else a template it matches ({id}: one segment), or undefined. */
function documentedPath(path: string): string | undefined {
  if (openapi.paths[path]) return path;
  return Object.keys(openapi.paths).find((template) =>
    new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path),
  );
}

/** Reads `$json.a.b.c` (or `$json.body.…`) expressions' paths out of a parameter value. */
const jsonPaths = (value: string) => [...value.matchAll(/\$json\.([\w.]+)/g)].map((match) => match[1] ?? '');
const dig = (object: unknown, path: string) =>
  path.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], object);

describe('the n8n workflow template', () => {
  it('is a workflow n8n imports: unique names and ids, positions, connections between its own nodes', () => {
    expect(workflow.name).toBeTruthy();
    const names = workflow.nodes.map((node) => node.name);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(workflow.nodes.map((node) => node.id)).size).toBe(names.length);
    for (const node of workflow.nodes) {
      expect(node.type, node.name).toMatch(/^n8n-nodes-base\.\w+$/);
      expect(node.typeVersion, node.name).toBeGreaterThan(0);
      expect(node.position, node.name).toHaveLength(2);
      expect(typeof node.parameters, node.name).toBe('object');
    }
    for (const [from, outputs] of Object.entries(workflow.connections)) {
      expect(names, from).toContain(from);
      for (const link of outputs.main.flat()) expect(names, `${from} → ${link.node}`).toContain(link.node);
    }
  });

  it('calls only routes the OpenAPI document describes, with their methods', () => {
    const calls = byType('httpRequest');
    expect(calls.length).toBeGreaterThanOrEqual(4);
    for (const node of calls) {
      const url = new URL(node.parameters.url);
      expect(`${url.protocol}//${url.host}`, node.name).toBe(BASE);
      const template = documentedPath(url.pathname);
      expect(template, `${node.name}: ${url.pathname}`).toBeDefined();
      const method = String(node.parameters.method).toLowerCase();
      expect(Object.keys(openapi.paths[template ?? ''] ?? {}), `${node.name}: ${method}`).toContain(method);
      // An API key goes in a header credential, never in the address.
      expect(node.parameters.genericAuthType, node.name).toBe('httpHeaderAuth');
      expect(url.search, node.name).not.toMatch(/token|key=/i);
    }
  });

  it('subscribes its own webhook to a REST-hook event, and maps fields that event delivers', () => {
    const subscribe = byType('httpRequest').find(
      (node) => new URL(node.parameters.url).pathname === '/api/chorus/hooks',
    );
    const body = JSON.parse(subscribe?.parameters.jsonBody ?? '{}') as { target_url: string; event: string };
    expect(isRestHookEvent(body.event)).toBe(true);
    const [webhook] = byType('webhook');
    expect(webhook?.parameters.httpMethod).toBe('POST');
    expect(new URL(body.target_url).pathname).toBe(`/webhook/${webhook?.parameters.path}`);
    // n8n's Webhook node puts the request body under `body`.
    const received = { body: restHookSample(body.event as Parameters<typeof restHookSample>[0]) };
    const next = workflow.connections[webhook?.name ?? '']?.main[0]?.[0]?.node ?? '';
    const mapped = (nodeNamed(next)?.parameters.assignments?.assignments ?? []) as { value: string }[];
    expect(mapped.length).toBeGreaterThan(0);
    for (const { value } of mapped) {
      for (const path of jsonPaths(value)) expect(dig(received, path), path).toBeDefined();
    }
  });

  it('polls a pollable event, and its dedupe passes each item once', () => {
    const poll = byType('httpRequest').find(
      (node) => new URL(node.parameters.url).pathname === '/api/chorus/hooks/recent',
    );
    const event = new URL(poll?.parameters.url ?? '').searchParams.get('event') ?? '';
    expect(POLLABLE_EVENTS as readonly string[]).toContain(event);
    const dedupe = nodeNamed(workflow.connections[poll?.name ?? '']?.main[0]?.[0]?.node ?? '');
    expect(dedupe?.type).toBe('n8n-nodes-base.code');
    const state: Record<string, unknown> = {};
    const run = (items: { json: { id: string; timestamp: string } }[]) =>
      new Function('$input', '$getWorkflowStaticData', dedupe?.parameters.jsCode ?? '')(
        { all: () => items },
        () => state,
      ) as { json: { id: string } }[];
    const older = { json: { id: 'a', timestamp: '2026-02-01T10:00:00.000Z' } };
    const newer = { json: { id: 'b', timestamp: '2026-02-01T11:00:00.000Z' } };
    const newest = { json: { id: 'c', timestamp: '2026-02-01T12:00:00.000Z' } };
    expect(run([newer, older]).map((item) => item.json.id)).toEqual(['b', 'a']);
    expect(run([newer, older])).toEqual([]);
    expect(run([newest, newer, older]).map((item) => item.json.id)).toEqual(['c']);
  });

  it('writes as the key’s own member, read from /api/chorus/api-keys/self', () => {
    const comment = byType('httpRequest').find((node) => node.parameters.url.endsWith('/comments/records'));
    const before = Object.entries(workflow.connections).find(([, out]) =>
      out.main.flat().some((link) => link.node === comment?.name),
    )?.[0];
    expect(new URL(nodeNamed(before ?? '')?.parameters.url ?? '').pathname).toBe('/api/chorus/api-keys/self');
    expect(comment?.parameters.jsonBody).toContain('author: $json.user');
  });
});
