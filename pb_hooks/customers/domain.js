// A company's web domain as Chorus keeps it (issue 58): lowercase, without scheme, path, port or "www.", so the one
// staff type and the one HubSpot gives ("https://www.Acme.com/") match (customers/hubspot/sync.js).

const DOMAIN = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** `value` ("www.Acme.com", "https://acme.com/", …) as Chorus keeps it, or '' when it is no domain. */
function normalDomain(value) {
  const host = String(value || '')
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/[/?#:].*$/, '')
    .replace(/^www\./, '');
  return host.length <= 253 && DOMAIN.test(host) ? host : '';
}

module.exports = { normalDomain };
