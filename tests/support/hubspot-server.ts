// A local HubSpot for tests: the CRM v3 reads companies from HubSpot makes (POST /crm/v3/objects/companies/batch/read,
// 200 with the companies found or 207 with an OBJECT_NOT_FOUND error for the rest; GET /crm/v3/objects/companies
// paged with `after`; GET /crm/v3/owners, paged the same way), answered with the shapes of HubSpot's published OpenAPI specs
// (tests/fixtures/hubspot/hubspot-api.json, after github.com/HubSpot/HubSpot-public-api-spec-collection's
// PublicApiSpecs/CRM/Companies and CRM/Owners v3) with each test's companies and owners; the private app's token checked
// as HubSpot does (401 INVALID_AUTHENTICATION). And webhook deliveries signed exactly as HubSpot signs them, version 3
// (developers.hubspot.com/docs/api/webhooks/validating-requests): X-HubSpot-Signature-v3 = base64 HMAC-SHA256 of
// method + URI + body + X-HubSpot-Request-Timestamp (ms), keyed with the app's client secret.
// To check the real ones after connecting: in the private app's Webhooks tab, "Test" a company.propertyChange
// subscription and read the delivery's response in its logs; and
// `curl -H "Authorization: Bearer $TOKEN" "https://api.hubapi.com/crm/v3/objects/companies/<id>?properties=name,domain,annualrevenue,lifecyclestage,hubspot_owner_id"`
// shows the fields read here.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startJsonServer } from './tracker-server';

const RECORDED = JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/hubspot/hubspot-api.json'), 'utf8'));

export interface HubSpotCompany {
  id: string;
  name?: string;
  domain?: string;
  /** Annual revenue as HubSpot keeps it: a number as text. */
  annualrevenue?: string;
  lifecyclestage?: string;
  hubspot_owner_id?: string;
}
export interface HubSpotOwner {
  id: string;
  firstName?: string;
  lastName?: string;
  email?: string;
}

let made = 9000;
export const hubspotId = () => String(++made);

/** A company object: HubSpot's recorded example with these properties (only those asked for, as HubSpot answers). */
function companyObject(company: HubSpotCompany, asked: string[]) {
  const properties: Record<string, string | null> = { hs_object_id: company.id };
  for (const name of asked) properties[name] = (company as unknown as Record<string, string>)[name] ?? null;
  return { ...RECORDED.company, id: company.id, properties };
}

export async function startHubSpotServer({ token }: { token: string }) {
  const companies = new Map<string, HubSpotCompany>();
  const owners = new Map<string, HubSpotOwner>();
  // HubSpot answers at most `limit` (≤ 100) a page; a smaller page here exercises the `after` cursor.
  let pageSize = 100;
  let ownerPageSize = 500;
  const server = await startJsonServer((call, authorization) => {
    const url = new URL(call.path, 'http://hubspot.local');
    if (authorization !== `Bearer ${token}`) return { status: 401, body: RECORDED.error };
    if (call.method === 'POST' && url.pathname === '/crm/v3/objects/companies/batch/read') {
      const body = call.body as { properties?: string[]; inputs?: { id: string }[] };
      const inputs = body.inputs ?? [];
      if (inputs.length > 100) {
        return { status: 400, body: { ...RECORDED.error, category: 'VALIDATION_ERROR', message: 'Too many inputs' } };
      }
      const found = inputs.map((input) => companies.get(input.id)).filter((one) => one !== undefined);
      const results = found.map((one) => companyObject(one, body.properties ?? []));
      const missing = inputs.map((input) => input.id).filter((id) => !companies.has(id));
      const answer = { ...RECORDED.batchResponse, results };
      if (missing.length === 0) return { status: 200, body: answer };
      const error = { ...RECORDED.batchError, context: { ids: missing } };
      return { status: 207, body: { ...answer, numErrors: 1, errors: [error] } };
    }
    if (call.method === 'GET' && url.pathname === '/crm/v3/objects/companies') {
      const asked = (url.searchParams.get('properties') ?? '').split(',').filter(Boolean);
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 10), 100, pageSize);
      const all = [...companies.values()];
      const start = Number(url.searchParams.get('after') ?? 0);
      const page = all.slice(start, start + limit).map((one) => companyObject(one, asked));
      const next = start + limit < all.length ? { next: { after: String(start + limit), link: '' } } : undefined;
      return { status: 200, body: next ? { results: page, paging: next } : { results: page } };
    }
    if (call.method === 'GET' && (url.pathname === '/crm/v3/owners' || url.pathname === '/crm/v3/owners/')) {
      // HubSpot answers at most 500 a page, `after` the cursor to the next one.
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 100), 500, ownerPageSize);
      const start = Number(url.searchParams.get('after') ?? 0);
      const page = [...owners.values()].slice(start, start + limit).map((owner) => ({
        ...RECORDED.owner,
        id: owner.id,
        firstName: owner.firstName ?? '',
        lastName: owner.lastName ?? '',
        email: owner.email ?? '',
      }));
      const more = start + limit < owners.size;
      return {
        status: 200,
        body: more
          ? { results: page, paging: { next: { after: String(start + limit), link: '' } } }
          : { results: page },
      };
    }
    return { status: 404, body: { ...RECORDED.error, category: 'OBJECT_NOT_FOUND', message: 'Not found' } };
  });
  return {
    ...server,
    apiUrl: server.url,
    /** Adds (or replaces) a company. */
    setCompany(company: HubSpotCompany) {
      companies.set(company.id, company);
    },
    /** Deletes (archives) a company: batch reads no longer return it. */
    deleteCompany(id: string) {
      companies.delete(id);
    },
    setPageSize(size: number) {
      pageSize = size;
    },
    setOwner(owner: HubSpotOwner) {
      owners.set(owner.id, owner);
    },
    /** A smaller owners page, to exercise its `after` cursor. */
    setOwnerPageSize(size: number) {
      ownerPageSize = size;
    },
    /** The number of API calls answered so far. */
    callCount: () => server.calls.length,
  };
}

/** One event as HubSpot delivers it: the recorded example with this type, company and property. */
export function hubspotEvent(subscriptionType: string, objectId: string, extra: Record<string, unknown> = {}) {
  return {
    ...RECORDED.event,
    eventId: ++made,
    subscriptionType,
    objectId: Number(objectId),
    occurredAt: Date.now(),
    ...extra,
  };
}

/** The X-HubSpot-Signature-v3 HubSpot sends (the URI given as HubSpot called it). */
export function hubspotSignature(secret: string, method: string, uri: string, body: string, timestamp: number) {
  return createHmac('sha256', secret).update(`${method}${uri}${body}${timestamp}`).digest('base64');
}

export interface HubSpotSignOptions {
  secret: string;
  timestamp?: number;
  /** A header value to send instead (null: none). */
  signature?: string | null;
  /** The URI signed, when it differs from the one called (HubSpot signs the decoded form). */
  signedUri?: string;
}

/** Posts `events` (an array or a raw body) to `url` as HubSpot delivers a webhook. */
export function deliverHubSpot(url: string, events: unknown, options: HubSpotSignOptions) {
  const body = typeof events === 'string' ? events : JSON.stringify(events);
  const timestamp = options.timestamp ?? Date.now();
  const signature =
    options.signature === undefined
      ? hubspotSignature(options.secret, 'POST', options.signedUri ?? url, body, timestamp)
      : options.signature;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-hubspot-request-timestamp': String(timestamp),
  };
  if (signature !== null) headers['x-hubspot-signature-v3'] = signature;
  return fetch(url, { method: 'POST', headers, body });
}
