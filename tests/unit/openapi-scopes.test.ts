// The API key scope docs/openapi.json gives each operation: derived from the collections' API rules (as the
// member each scope acts as would meet them) and from who Chorus's routes are for; every operation has one.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mayPass, scopeOfRule } from '../../tools/lib/openapi/scopes.mjs';

const root = join(import.meta.dirname, '../..');
const document = JSON.parse(readFileSync(join(root, 'docs/openapi.json'), 'utf8'));
type Operation = { 'x-chorus-scope'?: string; security?: Record<string, string[]>[]; description?: string };
const operation = (path: string, method: string) => document.paths[path][method] as Operation;

const STAFF = '(@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))';
const ADMIN = '(@request.auth.blocked = false && @request.auth.role = "admin")';
const MEMBER = '(@request.auth.id != "" && @request.auth.blocked = false)';

describe('API key scopes from API rules', () => {
  it.each([
    ['', false, 'read'],
    ['board.visibility = "public" || (board.visibility = "members" && @request.auth.id != "")', false, 'read'],
    [STAFF, false, 'staff'],
    [ADMIN, false, 'admin'],
    [`${MEMBER} && author = @request.auth.id`, true, 'member'],
    [
      `${MEMBER} && ((${STAFF} && x = 1) || (author = @request.auth.id && @request.body.status:isset = false))`,
      true,
      'member',
    ],
    [`@request.auth.id != "" && ${STAFF}`, true, 'staff'],
    ['user = @request.auth.id', false, 'read'],
    ['@collection.site.allow_signups ?= true', true, 'member'],
    [null, false, 'superuser'],
    ['@request.auth.role = "nobody"', false, 'superuser'],
  ])('%s (write: %s) needs %s', (rule, write, scope) => {
    expect(scopeOfRule(rule, write)).toBe(scope);
  });

  it('keeps strings whole and reads a visitor as no one', () => {
    expect(mayPass('name = "a || b" && @request.auth.role = "admin"', { role: 'member', blocked: false })).toBe(false);
    expect(mayPass('user = @request.auth.id', null)).toBe(false);
    expect(mayPass('visibility = "public"', null)).toBe(true);
    expect(mayPass(ADMIN, null)).toBe(false);
  });
});

describe('the committed document', () => {
  it('gives every operation a scope, a sentence and the key scopes it takes', () => {
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, Operation>>)) {
      if (path === '/api/collections/users/auth-with-password') continue;
      for (const [method, op] of Object.entries(item)) {
        if (method === 'parameters') continue;
        expect(op['x-chorus-scope'], `${method} ${path}`).toMatch(/^(read|member|staff|admin|superuser|worker)$/);
        expect(op.description, `${method} ${path}`).toMatch(/API keys: /);
      }
    }
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('says what each scope may do where the access matrix tests it', () => {
    const cases: [string, string, string, string[] | null][] = [
      ['/api/collections/posts/records', 'get', 'read', ['read', 'member', 'staff']],
      ['/api/collections/posts/records', 'post', 'member', ['member', 'staff']],
      ['/api/collections/votes/records', 'post', 'member', ['member', 'staff']],
      ['/api/collections/posts/records/{id}', 'patch', 'member', ['member', 'staff']],
      ['/api/collections/post_insights/records', 'get', 'staff', ['staff']],
      ['/api/collections/companies/records', 'get', 'staff', ['staff']],
      ['/api/collections/site/records/{id}', 'patch', 'admin', null],
      ['/api/collections/api_keys/records', 'get', 'admin', null],
      ['/api/chorus/posts/{id}/merge', 'post', 'staff', ['staff']],
      ['/api/chorus/api-keys', 'post', 'admin', null],
      ['/api/chorus/api-keys/{id}/revoke', 'post', 'admin', null],
      ['/api/chorus/api-keys/self', 'get', 'read', ['read', 'member', 'staff']],
      ['/api/chorus/digests/run', 'post', 'superuser', null],
    ];
    for (const [path, method, scope, keys] of cases) {
      const op = operation(path, method);
      expect(op['x-chorus-scope'], `${method} ${path}`).toBe(scope);
      const taken = op.security?.find((s) => 'apiKey' in s)?.apiKey ?? null;
      expect(taken, `${method} ${path}`).toEqual(keys);
    }
  });
});
