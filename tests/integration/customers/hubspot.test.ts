// Companies from HubSpot (issue 58), against a real PocketBase and a local HubSpot speaking its documented CRM v3 API
// and signature scheme v3 (tests/support/hubspot-server.ts): a signed company event creates or updates the Chorus
// company read from HubSpot's API (matched by HubSpot id, then domain) with its domain, owner, lifecycle stage and a
// monthly revenue from the annual one, with source and time; a value staff typed is kept with HubSpot's waiting beside
// it; a company deleted in HubSpot is unlinked. Anything unsigned, stale, foreign, oversized or too big writes nothing.
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  deliverHubSpot,
  type HubSpotSignOptions,
  hubspotEvent,
  hubspotId,
  hubspotSignature,
  startHubSpotServer,
} from '../../support/hubspot-server';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { allowed, createActors, expectAccess } from '../../support/world';

const TOKEN = 'pat-na1-11111111-2222-3333-4444-555555555555'; // a private app token's shape
const SECRET = 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee'; // an app client secret's shape

let hubspot: Awaited<ReturnType<typeof startHubSpotServer>>;
let pb: TestPocketBase;
let admin: PocketBase;

beforeAll(async () => {
  hubspot = await startHubSpotServer({ token: TOKEN });
  pb = await startTestPocketBase({ env: { CHORUS_HUBSPOT_API_URL: hubspot.apiUrl } });
  admin = await pb.actor('admin');
  await admin.send('/api/chorus/hubspot/settings', {
    method: 'POST',
    body: { active: true, access_token: TOKEN, client_secret: SECRET },
  });
  hubspot.setOwner({ id: '41629779', firstName: 'Dana', lastName: 'Seller', email: 'dana@example.com' });
}, 60_000);
afterAll(async () => {
  await pb?.stop();
  await hubspot?.close();
});

const signed: HubSpotSignOptions = { secret: SECRET };
const webhookUrl = () => `${pb.url}/api/chorus/hubspot/webhook`;
const deliver = (events: unknown, options = signed) => deliverHubSpot(webhookUrl(), events, options);
const byHubSpot = (id: string) => pb.admin.collection('companies').getFirstListItem(`hubspot_company = "${id}"`);
const read = (record: RecordModel) => pb.admin.collection('companies').getOne(record.id);

describe('settings', () => {
  it('admins set the token and client secret; nobody reads them back; only admins see or change the settings', async () => {
    const shown = await admin.send('/api/chorus/hubspot/settings', {});
    expect(shown).toMatchObject({
      active: true,
      access_token: `pat-na1-…${TOKEN.slice(-4)}`,
      client_secret_set: true,
      webhook_url: `${pb.url}/api/chorus/hubspot/webhook`,
    });
    expect(JSON.stringify(shown)).not.toContain(TOKEN);
    expect(JSON.stringify(shown)).not.toContain(SECRET);
    const [record] = await admin.collection('hubspot_settings').getFullList();
    expect(record).not.toHaveProperty('access_token');
    expect(record).not.toHaveProperty('client_secret');
    await expect(
      admin.collection('hubspot_settings').update(record?.id ?? '', { active: false }),
    ).rejects.toMatchObject({ status: 403 });
    const audit = await pb.admin.collection('audit_entries').getFullList({ filter: 'action = "hubspot.settings"' });
    expect(audit.map((entry) => entry.after)).toContainEqual({ changed: ['active', 'access_token', 'client_secret'] });
    expect(JSON.stringify(audit)).not.toContain(TOKEN);
    for (const body of [{ access_token: 'not-a-token' }, { client_secret: 'short' }]) {
      await expect(admin.send('/api/chorus/hubspot/settings', { method: 'POST', body })).rejects.toMatchObject({
        status: 400,
      });
    }
  });

  it('the access matrix: admins only, for reading and for writing; the secrets readable by no one', async () => {
    const actors = await createActors(pb);
    await expectAccess(
      (actor) => actors[actor].send('/api/chorus/hubspot/settings', {}),
      allowed('admin'),
      'GET /api/chorus/hubspot/settings',
    );
    await expectAccess(
      (actor) => actors[actor].send('/api/chorus/hubspot/settings', { method: 'POST', body: { active: true } }),
      allowed('admin'),
      'POST /api/chorus/hubspot/settings',
    );
    for (const actor of ['visitor', 'member', 'moderator', 'admin'] as const) {
      const rows = await actors[actor]
        .collection('hubspot_settings')
        .getFullList()
        .catch(() => []);
      expect(rows.length, actor).toBe(actor === 'admin' ? 1 : 0);
      expect(JSON.stringify(rows)).not.toContain(SECRET);
      expect(JSON.stringify(rows)).not.toContain(TOKEN);
    }
  });
});

describe('a signed company event', () => {
  it('creates the company read from HubSpot, with domain, owner, stage and annual revenue ÷ 12, source and time', async () => {
    const id = hubspotId();
    hubspot.setCompany({
      id,
      name: 'Biglytics',
      domain: 'www.Biglytics.net',
      annualrevenue: '1200000',
      lifecyclestage: 'customer',
      hubspot_owner_id: '41629779',
    });
    const before = Date.now();
    const started = performance.now();
    // The event's own value is stale: what HubSpot's API answers is what counts.
    const response = await deliver([
      hubspotEvent('company.creation', id),
      hubspotEvent('company.propertyChange', id, { propertyName: 'annualrevenue', propertyValue: '1' }),
    ]);
    console.log(`HubSpot event to company: ${(performance.now() - started).toFixed(0)} ms`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ received: true, created: 1 });
    const company = await byHubSpot(id);
    expect(company).toMatchObject({
      external_id: `hubspot:${id}`,
      name: 'Biglytics',
      domain: 'biglytics.net',
      owner_name: 'Dana Seller',
      lifecycle_stage: 'customer',
      monthly_revenue: 100_000,
      revenue_source: 'hubspot',
    });
    expect(Date.parse(company.revenue_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(company.hubspot_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(await admin.send('/api/chorus/hubspot/settings', {})).toMatchObject({
      last_event_type: 'company.creation',
      last_outcome: 'created 1',
    });

    // A change in HubSpot moves it: revenue, stage, owner and name (a company HubSpot created).
    hubspot.setOwner({ id: '7', email: 'sam@example.com' });
    hubspot.setCompany({
      id,
      name: 'Biglytics Inc',
      domain: 'biglytics.net',
      annualrevenue: '600000',
      lifecyclestage: 'evangelist',
      hubspot_owner_id: '7',
    });
    expect((await deliver([hubspotEvent('company.propertyChange', id)])).status).toBe(200);
    expect(await read(company)).toMatchObject({
      name: 'Biglytics Inc',
      owner_name: 'sam@example.com',
      lifecycle_stage: 'evangelist',
      monthly_revenue: 50_000,
      revenue_source: 'hubspot',
    });
  });

  it('matches an existing company by domain, keeps its name, and keeps a typed revenue with HubSpot’s pending', async () => {
    const acme = await admin
      .collection('companies')
      .create({ external_id: 'acme-1', name: 'ACME (ours)', domain: 'acme.test', monthly_revenue: 500 });
    expect(await read(acme)).toMatchObject({ monthly_revenue: 500, revenue_source: 'manual' });
    const id = hubspotId();
    hubspot.setCompany({
      id,
      name: 'Acme Corporation',
      domain: 'https://acme.test/',
      annualrevenue: '120000',
      lifecyclestage: 'customer',
    });
    const response = await deliver([hubspotEvent('company.creation', id)]);
    expect(await response.json()).toMatchObject({ received: true, pending: 1 });
    const held = await read(acme);
    expect(held).toMatchObject({
      name: 'ACME (ours)',
      hubspot_company: id,
      lifecycle_stage: 'customer',
      owner_name: '',
      monthly_revenue: 500,
      revenue_source: 'manual',
      pending_revenue: 10_000,
      pending_source: 'hubspot',
    });
    // An admin accepts: from then on HubSpot keeps it current.
    await admin.send(`/api/chorus/companies/${acme.id}/revenue/accept`, { method: 'POST' });
    hubspot.setCompany({ id, name: 'Acme Corporation', domain: 'acme.test', annualrevenue: '240000' });
    await deliver([hubspotEvent('company.propertyChange', id)]);
    expect(await read(acme)).toMatchObject({ monthly_revenue: 20_000, revenue_source: 'hubspot', pending_source: '' });
    // A second HubSpot company with the same domain never takes over the one already linked: it gets its own.
    const twin = hubspotId();
    hubspot.setCompany({ id: twin, name: 'Acme Duplicate', domain: 'acme.test', annualrevenue: '1200' });
    expect(await (await deliver([hubspotEvent('company.creation', twin)])).json()).toMatchObject({ created: 1 });
    expect(await read(acme)).toMatchObject({ hubspot_company: id, monthly_revenue: 20_000 });
    expect(await byHubSpot(twin)).toMatchObject({ external_id: `hubspot:${twin}`, domain: 'acme.test' });
    // Nobody but the server sets the HubSpot fields, an admin included.
    await expect(admin.collection('companies').update(acme.id, { owner_name: 'Me' })).rejects.toBeTruthy();
    await expect(admin.collection('companies').update(acme.id, { hubspot_company: '1' })).rejects.toBeTruthy();
  });

  it('keeps a domain staff type as HubSpot’s is matched: "https://www.Typed.test/" is typed.test, and matches', async () => {
    const typed = await admin
      .collection('companies')
      .create({ external_id: 'typed-1', name: 'Typed (ours)', domain: 'https://www.Typed.test/' });
    expect(await read(typed)).toMatchObject({ domain: 'typed.test' });
    await admin.collection('companies').update(typed.id, { domain: 'WWW.typed.test' });
    expect(await read(typed)).toMatchObject({ domain: 'typed.test' });
    await expect(admin.collection('companies').update(typed.id, { domain: 'not a domain' })).rejects.toMatchObject({
      status: 400,
    });
    const id = hubspotId();
    hubspot.setCompany({ id, name: 'Typed Inc', domain: 'typed.test' });
    expect(await (await deliver([hubspotEvent('company.creation', id)])).json()).toMatchObject({ updated: 1 });
    expect(await read(typed)).toMatchObject({ name: 'Typed (ours)', hubspot_company: id });
  });

  it('unlinks a company deleted in HubSpot: owner and stage cleared, HubSpot’s revenue dropped, the company kept', async () => {
    const id = hubspotId();
    hubspot.setCompany({
      id,
      name: 'Initech',
      domain: 'initech.test',
      annualrevenue: '24000',
      hubspot_owner_id: '41629779',
    });
    await deliver([hubspotEvent('company.creation', id)]);
    const company = await byHubSpot(id);
    expect(company).toMatchObject({ monthly_revenue: 2000, owner_name: 'Dana Seller' });
    // A deletion event for a company HubSpot still has (restored meanwhile) changes nothing.
    expect(await (await deliver([hubspotEvent('company.deletion', id)])).json()).toMatchObject({ unchanged: 1 });
    hubspot.deleteCompany(id);
    expect(await (await deliver([hubspotEvent('company.deletion', id)])).json()).toMatchObject({ unlinked: 1 });
    expect(await read(company)).toMatchObject({
      name: 'Initech',
      hubspot_company: '',
      owner_name: '',
      lifecycle_stage: '',
      monthly_revenue: 0,
      revenue_source: 'hubspot',
    });
  });

  it('reads each company once per delivery, in one batch, and ignores other objects’ events', async () => {
    const [a, b] = [hubspotId(), hubspotId()];
    hubspot.setCompany({ id: a, name: 'Alpha', domain: 'alpha.test' });
    hubspot.setCompany({ id: b, name: 'Beta', domain: 'beta.test' });
    const calls = hubspot.callCount();
    const events = [a, b, a, b, a].map((id) => hubspotEvent('company.propertyChange', id));
    const response = await deliver([...events, hubspotEvent('contact.creation', '77')]);
    expect(await response.json()).toMatchObject({ created: 2 });
    expect(hubspot.callCount() - calls).toBe(1);
    const ignored = await deliver([hubspotEvent('contact.propertyChange', '77'), hubspotEvent('deal.creation', '8')]);
    expect(await ignored.json()).toEqual({ received: true, ignored: true });
  });

  it('a delivery naming 100 companies with 100 owners costs HubSpot two calls, not one per owner', async () => {
    const ids = Array.from({ length: 100 }, () => hubspotId());
    for (const [index, id] of ids.entries()) {
      hubspot.setOwner({ id: `7700${index}`, firstName: 'Owner', lastName: String(index) });
      hubspot.setCompany({ id, name: `Hundred ${index}`, hubspot_owner_id: `7700${index}` });
    }
    hubspot.setOwnerPageSize(60);
    const calls = hubspot.callCount();
    const response = await deliver(ids.map((id) => hubspotEvent('company.propertyChange', id)));
    expect(await response.json()).toMatchObject({ created: 100 });
    hubspot.setOwnerPageSize(500);
    // One batch read of the companies, and the owners list in pages (60 a page here: a cursor followed).
    const made = hubspot.calls.slice(calls).map((call) => call.path.split('?')[0] ?? '');
    expect(made.filter((path) => path === '/crm/v3/objects/companies/batch/read').length).toBe(1);
    expect(made.filter((path) => path.startsWith('/crm/v3/owners')).length).toBeLessThanOrEqual(3);
    expect(await byHubSpot(ids[99] ?? '')).toMatchObject({ owner_name: 'Owner 99' });
    // Gone from HubSpot again, so the full syncs below read a few pages, not a hundred.
    for (const id of ids) hubspot.deleteCompany(id);
  });

  it('verifies the URI as HubSpot signs it: the listed escapes decoded', async () => {
    const id = hubspotId();
    hubspot.setCompany({ id, name: 'Query Co', domain: 'query.test' });
    const url = `${webhookUrl()}?source=hub%3Aspot%2Fcrm`;
    const response = await deliverHubSpot(url, [hubspotEvent('company.creation', id)], {
      secret: SECRET,
      signedUri: `${webhookUrl()}?source=hub:spot/crm`,
    });
    expect(response.status).toBe(200);
    expect(await byHubSpot(id)).toMatchObject({ name: 'Query Co' });
  });
});

describe('sync now', () => {
  it('an admin asks; a job reads every company page by page and writes them; the request does not wait', async () => {
    const ids = [hubspotId(), hubspotId(), hubspotId()];
    for (const [index, id] of ids.entries()) {
      hubspot.setCompany({ id, name: `Synced ${index}`, domain: `synced-${index}.test`, annualrevenue: '36000' });
    }
    hubspot.setPageSize(2);
    const calls = hubspot.callCount();
    expect(await admin.send('/api/chorus/hubspot/sync', { method: 'POST' })).toEqual({ queued: true });
    await vi.waitFor(async () => expect((await admin.send('/api/chorus/hubspot/settings', {})).sync_at).not.toBe(''), {
      timeout: 20_000,
      interval: 100,
    });
    hubspot.setPageSize(100);
    const settings = await admin.send('/api/chorus/hubspot/settings', {});
    expect(settings).toMatchObject({ sync_requested: false });
    expect(settings.sync_outcome).toMatch(/created 3/);
    for (const [index, id] of ids.entries()) {
      expect(await byHubSpot(id)).toMatchObject({ name: `Synced ${index}`, monthly_revenue: 3000 });
    }
    // More than one page was read, each followed by its `after` cursor.
    const pages = hubspot.calls.slice(calls).filter((call) => call.path.startsWith('/crm/v3/objects/companies?'));
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.slice(1).every((call) => call.path.includes('after='))).toBe(true);
    const audit = await pb.admin.collection('audit_entries').getFullList({ filter: 'action = "hubspot.sync"' });
    expect(audit.length).toBe(1);
  });

  it('reads each owner once a run, however many pages name them', async () => {
    hubspot.setOwner({ id: '55500001', firstName: 'Pat', lastName: 'Paged' });
    const ids = [hubspotId(), hubspotId(), hubspotId()];
    for (const id of ids) hubspot.setCompany({ id, name: `Owned ${id}`, hubspot_owner_id: '55500001' });
    hubspot.setPageSize(1);
    const calls = hubspot.callCount();
    const { sync_at: before } = await admin.send('/api/chorus/hubspot/settings', {});
    await admin.send('/api/chorus/hubspot/sync', { method: 'POST' });
    await vi.waitFor(
      async () => expect((await admin.send('/api/chorus/hubspot/settings', {})).sync_at).not.toBe(before),
      { timeout: 20_000, interval: 100 },
    );
    hubspot.setPageSize(100);
    for (const id of ids) expect(await byHubSpot(id)).toMatchObject({ owner_name: 'Pat Paged' });
    const ownerReads = hubspot.calls.slice(calls).filter((call) => call.path.startsWith('/crm/v3/owners'));
    expect(ownerReads.length).toBe(1);
  });

  it('only admins ask for it, and not while HubSpot is off', async () => {
    const actors = await createActors(pb);
    const { sync_at: before } = await admin.send('/api/chorus/hubspot/settings', {});
    await expectAccess(
      (actor) => actors[actor].send('/api/chorus/hubspot/sync', { method: 'POST' }),
      allowed('admin'),
      'POST /api/chorus/hubspot/sync',
    );
    // The admin's sync runs to its end before the next test counts HubSpot's calls.
    await vi.waitFor(
      async () => expect((await admin.send('/api/chorus/hubspot/settings', {})).sync_at).not.toBe(before),
      { timeout: 20_000, interval: 100 },
    );
    await admin.send('/api/chorus/hubspot/settings', { method: 'POST', body: { active: false } });
    await expect(admin.send('/api/chorus/hubspot/sync', { method: 'POST' })).rejects.toMatchObject({ status: 409 });
    await admin.send('/api/chorus/hubspot/settings', { method: 'POST', body: { active: true } });
  });
});

describe('refused, and nothing written', () => {
  it('a bad or missing signature, a replay, another secret, an oversized body, not JSON, too many events', async () => {
    const id = hubspotId();
    hubspot.setCompany({ id, name: 'Never Written', domain: 'never.test', annualrevenue: '1200' });
    const events = [hubspotEvent('company.creation', id)];
    const body = JSON.stringify(events);
    const now = Date.now();
    const snapshot = async () => ({
      companies: await pb.admin.collection('companies').getFullList({ sort: 'id' }),
      settings: await pb.admin.collection('hubspot_settings').getFullList(),
      calls: hubspot.callCount(),
    });
    const before = await snapshot();
    const sign = (text: string, timestamp = now, secret = SECRET) =>
      hubspotSignature(secret, 'POST', webhookUrl(), text, timestamp);
    const attempts: [string, Promise<Response>, number][] = [
      ['no signature', deliver(events, { secret: SECRET, signature: null }), 401],
      [
        'a signature of another body',
        deliver(`${body} `, { secret: SECRET, signature: sign(body), timestamp: now }),
        401,
      ],
      ['a malformed signature', deliver(events, { secret: SECRET, signature: 'abc' }), 401],
      ['another app’s secret', deliver(events, { secret: 'ffffffff-0000-1111-2222-333333333333' }), 401],
      ['a replay: signed six minutes ago', deliver(events, { secret: SECRET, timestamp: now - 360_000 }), 401],
      ['signed for the future', deliver(events, { secret: SECRET, timestamp: now + 360_000 }), 401],
      [
        'signed for another address',
        deliver(events, { secret: SECRET, signedUri: 'https://elsewhere.test/hook' }),
        401,
      ],
      ['a signature in seconds, not ms', deliver(events, { secret: SECRET, timestamp: Math.floor(now / 1000) }), 401],
      ['a body over 256 KB, signed', deliver([{ ...events[0], padding: 'x'.repeat(300 * 1024) }]), 413],
      ['signed, not JSON', deliver('not json'), 400],
      ['signed, not an array', deliver({ ...events[0] }), 400],
      ['signed, 101 events', deliver(Array.from({ length: 101 }, () => hubspotEvent('company.creation', id))), 413],
    ];
    for (const [what, sent, status] of attempts) expect((await sent).status, what).toBe(status);
    expect(await snapshot()).toEqual(before);
  });

  it('counts the body cap in bytes: 140,000 two-byte characters (280 KB) are refused 413, before HubSpot is read', async () => {
    const calls = hubspot.callCount();
    const response = await deliver([
      { ...hubspotEvent('company.creation', hubspotId()), padding: 'é'.repeat(140_000) },
    ]);
    expect(response.status).toBe(413);
    expect(hubspot.callCount()).toBe(calls);
  });

  it('answers 404 and reads nothing while HubSpot is off', async () => {
    await admin.send('/api/chorus/hubspot/settings', { method: 'POST', body: { active: false } });
    const calls = hubspot.callCount();
    expect((await deliver([hubspotEvent('company.creation', hubspotId())])).status).toBe(404);
    expect(hubspot.callCount()).toBe(calls);
    await admin.send('/api/chorus/hubspot/settings', { method: 'POST', body: { active: true } });
  });

  it('answers 503 (HubSpot retries later) and writes nothing when HubSpot refuses the token', async () => {
    const id = hubspotId();
    hubspot.setCompany({ id, name: 'Revoked Co', domain: 'revoked.test' });
    await admin.send('/api/chorus/hubspot/settings', {
      method: 'POST',
      body: { access_token: 'pat-na1-00000000-0000-0000-0000-000000000000' },
    });
    expect((await deliver([hubspotEvent('company.creation', id)])).status).toBe(503);
    expect(await admin.send('/api/chorus/hubspot/settings', {})).toMatchObject({ last_outcome: 'error:http_401' });
    await expect(byHubSpot(id)).rejects.toMatchObject({ status: 404 });
    await admin.send('/api/chorus/hubspot/settings', { method: 'POST', body: { access_token: TOKEN } });
  });
});

// Last in the file: the syncs these requests start may still run when it ends.
describe('sync now, asked again and again', () => {
  it('an admin’s 11th request in an hour is refused 429, and no sync is asked for by it', async () => {
    const audits = async () =>
      (await pb.admin.collection('audit_entries').getFullList({ filter: 'action = "hubspot.sync"' })).length;
    // An admin of their own: the file's admin has asked before.
    const asker = await pb.actor('admin');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push(
        await asker.send('/api/chorus/hubspot/sync', { method: 'POST' }).then(
          () => 202,
          (error: { status: number }) => error.status,
        ),
      );
    }
    expect(statuses).toEqual([...Array(10).fill(202), 429]);
    const audited = await audits();
    await expect(asker.send('/api/chorus/hubspot/sync', { method: 'POST' })).rejects.toMatchObject({ status: 429 });
    expect(await audits()).toBe(audited);
  });
});
