// Which API key scope each operation needs (issue #26), written into the document as `x-chorus-scope`, a
// sentence in the description and the operation's `security` (OpenAPI 3.1 role names on the apiKey scheme).
// Collections: derived from their API rules, evaluated for the member each scope acts as (read: a blocked
// member; member: an active member; staff: a moderator) with every condition on the record or the request's
// body counted as "may hold". Chorus's routes: from an explicit `x-chorus-scope`, else from who their summary
// says may call them ("Staff: …", "Admins: …").
import { API_KEY_SCOPES, KEY_SCOPES } from '../../../src/contract/api-key-scopes.ts';

/** Who each scope acts as, and who an admin's session is; a visitor is no one. */
const CALLERS = { visitor: null, ...API_KEY_SCOPES, admin: { role: 'admin', blocked: false } };

const SENTENCES = {
  read: 'API keys: any scope (read, member or staff).',
  member: 'API keys: the member or staff scope.',
  staff: 'API keys: the staff scope.',
  admin: 'API keys: not available (needs an admin’s own session).',
  superuser: 'API keys: not available (superusers only).',
  worker: 'API keys: not available (the site’s Worker only).',
};

// --- A PocketBase filter, read as a tree of && and || over comparisons, evaluated in three values. ---
const T = 1;
const F = 0;
const U = 0.5; // depends on the record or the request: may hold

function tokenize(rule) {
  const tokens = [];
  let atom = '';
  const flush = () => {
    if (atom.trim()) tokens.push({ atom: atom.trim() });
    atom = '';
  };
  for (let i = 0; i < rule.length; i += 1) {
    const c = rule[i];
    if (c === '"' || c === "'") {
      const end = rule.indexOf(c, i + 1);
      const stop = end === -1 ? rule.length - 1 : end;
      atom += rule.slice(i, stop + 1);
      i = stop;
    } else if (c === '(' || c === ')') {
      flush();
      tokens.push(c);
    } else if ((c === '&' || c === '|') && rule[i + 1] === c) {
      flush();
      tokens.push(c + c);
      i += 1;
    } else {
      atom += c;
    }
  }
  flush();
  return tokens;
}

function compare(atom, caller) {
  if (!atom.includes('@request.auth.')) return U;
  let match = /^@request\.auth\.id\s*(!?=)\s*""$/.exec(atom);
  if (match) return (caller !== null) === (match[1] === '!=') ? T : F;
  // "the record is the caller's own": never a visitor's; may be anyone else's.
  if (/^[\w.]+\s*\??=\s*@request\.auth\.id$|^@request\.auth\.id\s*\??=\s*[\w.]+$/.test(atom)) return caller ? U : F;
  match = /^@request\.auth\.(blocked|role)\s*(!?=)\s*"?(\w+)"?$/.exec(atom);
  if (match) {
    const [, field, operator, value] = match;
    if (!caller) return operator === '!=' ? T : F;
    const actual = String(caller[field]);
    return (actual === value) === (operator === '=') ? T : F;
  }
  return U;
}

/** Evaluates tokens[at…] as an expression for `caller`; returns [value, next index]. */
function expression(tokens, at, caller) {
  let [value, i] = term(tokens, at, caller);
  while (tokens[i] === '||') {
    const [right, next] = term(tokens, i + 1, caller);
    value = Math.max(value, right);
    i = next;
  }
  return [value, i];
}
function term(tokens, at, caller) {
  let [value, i] = factor(tokens, at, caller);
  while (tokens[i] === '&&') {
    const [right, next] = factor(tokens, i + 1, caller);
    value = Math.min(value, right);
    i = next;
  }
  return [value, i];
}
function factor(tokens, at, caller) {
  const token = tokens[at];
  if (token === '(') {
    const [value, next] = expression(tokens, at + 1, caller);
    return [value, tokens[next] === ')' ? next + 1 : next];
  }
  return [token && typeof token === 'object' ? compare(token.atom, caller) : U, at + 1];
}

/** May `caller` pass `rule` (a PocketBase API rule; '' lets anyone, null only superusers)? */
export function mayPass(rule, caller) {
  if (rule === null || rule === undefined) return false;
  if (rule.trim() === '') return true;
  return expression(tokenize(rule), 0, caller)[0] !== F;
}

/** The scope a collection operation needs: the first key scope whose member may pass the rule, else admin. */
export function scopeOfRule(rule, write) {
  const usable = KEY_SCOPES.filter((scope) => !(write && scope === 'read')); // read keys never write
  const scope = usable.find((name) => mayPass(rule, CALLERS[name]));
  return scope ?? (mayPass(rule, CALLERS.admin) ? 'admin' : 'superuser');
}

/** The scope a Chorus route needs, from what its summary says about who calls it: [scope, anyone too]. */
export function scopeOfRoute(method, operation) {
  const summary = String(operation.summary ?? '');
  if (/^Staff\b/.test(summary)) return ['staff', false];
  if (/^Admins\b/.test(summary)) return ['admin', false];
  if (/^Superusers\b/.test(summary)) return ['superuser', false];
  if (/^Site Worker only\b/.test(summary)) return ['worker', false];
  if (/^(Active members|Members|Signed in)\b/.test(summary)) return [method === 'get' ? 'read' : 'member', false];
  return ['read', true];
}

/** The operation's `security`: which schemes (and, for API keys, which scopes) it takes. */
function securityOf(scope, anonymous) {
  const index = KEY_SCOPES.indexOf(scope);
  const keys = index === -1 ? [] : [{ apiKey: KEY_SCOPES.slice(index) }];
  return [...(anonymous ? [{}] : []), { pocketbaseToken: [] }, ...keys];
}

const RULE_OF = { get: null, head: null, post: 'createRule', patch: 'updateRule', delete: 'deleteRule' };

/** Writes each operation's scope into `paths` (in place), given the collections the record paths come from. */
export function annotateScopes(paths, collections) {
  const byName = new Map(collections.map((c) => [c.name, c]));
  for (const [path, item] of Object.entries(paths)) {
    const record = /^\/api\/collections\/(\w+)\/records(\/\{id\})?$/.exec(path);
    for (const [method, operation] of Object.entries(item)) {
      if (!RULE_OF.hasOwnProperty.call(RULE_OF, method) || typeof operation !== 'object') continue;
      let scope = operation['x-chorus-scope'];
      let anonymous = false;
      const collection = record ? byName.get(record[1]) : null;
      if (!scope && collection) {
        const rule = collection[RULE_OF[method] ?? (record[2] ? 'viewRule' : 'listRule')];
        scope = scopeOfRule(rule, method !== 'get');
        anonymous = mayPass(rule, CALLERS.visitor);
      } else if (!scope && path.startsWith('/api/chorus/')) {
        [scope, anonymous] = scopeOfRoute(method, operation);
      }
      if (!scope) continue;
      operation['x-chorus-scope'] = scope;
      operation.description = [operation.description, SENTENCES[scope]].filter(Boolean).join(' ');
      if (scope !== 'worker') operation.security = securityOf(scope, anonymous);
    }
  }
  return paths;
}
