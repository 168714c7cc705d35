// The one way Chorus's hooks send a request to a URL people supplied (webhooks, Slack, issue trackers): the URL
// must be http(s) to a public address, names are resolved here (getent) and every address checked, and curl
// then connects to the checked address only, never follows a redirect, and stops at a time and size cap.
// The answer is a status code and one fixed reason (src/contract/outbound-reasons.ts, the only words a delivery
// or tracker log keeps), never the body or the error text of a failure.
//
// Why curl: PocketBase's $http.send uses Go's http.DefaultClient, which resolves names again when it dials (a
// name checked here may answer 127.0.0.1 a moment later), follows 301/302/303 anywhere and reads whole bodies.
// curl's --connect-to pins the connection to the address checked here for every host, -q ignores any .curlrc,
// --noproxy '*' keeps a proxy from resolving the name instead, and no -L means a redirect is an answer.
// Headers and body go in a private temporary file (-K), so secrets never appear in the process list.
const { parseUrl, judgeUrl, addressVerdict, allowListOrigin, addressesFromGetent } = require(
  `${__hooks}/platform/outbound/outbound-address.js`,
);

const MAX_SECONDS = 30;

/** The exact origins tests and development may reach although they are not public: CHORUS_OUTBOUND_ALLOW
 * (comma-separated) and the lines of the file CHORUS_OUTBOUND_ALLOW_FILE names (re-read at every check, so a
 * test harness can add a stand-in that started later). Production sets neither. */
function allowedOrigins() {
  const entries = String($os.getenv('CHORUS_OUTBOUND_ALLOW') || '').split(',');
  const file = $os.getenv('CHORUS_OUTBOUND_ALLOW_FILE');
  if (file) {
    try {
      entries.push(...toString($os.readFile(file)).split(/\s+/));
    } catch (_) {
      // no file yet: nothing more is allowed
    }
  }
  return entries.map(allowListOrigin).filter(Boolean);
}

/** { addresses } of a host name as this machine resolves it, or { reason: 'unresolved' | 'unavailable' }. */
function resolveName(host) {
  for (const database of ['ahosts', 'hosts']) {
    const command = $os.cmd('getent', database, host);
    try {
      const addresses = addressesFromGetent(toString(command.output()));
      return addresses.length ? { addresses } : { reason: 'unresolved' };
    } catch (error) {
      if (/executable file not found|no such file/i.test(String(error))) return { reason: 'unavailable' };
      if (command.processState && command.processState.exitCode() === 2) return { reason: 'unresolved' };
      // exit 1 (a getent without "ahosts", e.g. musl's): try "hosts"
    }
  }
  return { reason: 'unresolved' };
}

/**
 * Checks `url` against the policy and resolves its name: { ok: true, url, connectTo, port } with the address
 * curl must connect to, or { ok: false, reason }. An origin on the allow-list skips the public-address check only.
 */
function vet(url) {
  const parsed = parseUrl(url);
  if (!parsed.ok) return parsed;
  if (allowedOrigins().includes(parsed.origin)) return pinned(parsed, false);
  const verdict = judgeUrl(url);
  return verdict.ok ? pinned(parsed, true) : verdict;
}

function pinned(parsed, mustBePublic) {
  const target = { ok: true, url: parsed.url, port: parsed.port };
  if (parsed.hostKind === 'ip') return { ...target, connectTo: parsed.host };
  const resolved = resolveName(parsed.host);
  if (!resolved.addresses) return { ok: false, reason: resolved.reason };
  if (mustBePublic && resolved.addresses.some((address) => addressVerdict(address) !== 'public')) {
    return { ok: false, reason: 'refused_address' };
  }
  const v4 = resolved.addresses.find((address) => !address.includes(':'));
  return { ...target, connectTo: bracketed(v4 || resolved.addresses[0]) };
}

const bracketed = (address) => (address.includes(':') ? `[${address}]` : address);

/**
 * The refusal reason for saving `url` (an admin typing a webhook address), or '' when it may be saved. A name
 * that does not resolve (yet) may be saved: every send checks it again, as DNS can change.
 */
function refusalForSave(url) {
  const checked = vet(url);
  if (checked.ok || checked.reason === 'unresolved' || checked.reason === 'unavailable') return '';
  return checked.reason;
}

// curl's exit codes (man curl, EXIT CODES) as reasons; any other is 'failed'.
const CURL_REASONS = {
  1: 'refused_url',
  3: 'refused_url',
  5: 'unresolved',
  6: 'unresolved',
  7: 'connect_failed',
  28: 'timeout',
  35: 'tls_failed',
  47: 'redirect_refused',
  51: 'tls_failed',
  53: 'tls_failed',
  54: 'tls_failed',
  58: 'tls_failed',
  59: 'tls_failed',
  60: 'tls_failed',
  63: 'too_large',
  64: 'tls_failed',
  66: 'tls_failed',
  77: 'tls_failed',
  80: 'tls_failed',
  82: 'tls_failed',
  83: 'tls_failed',
  90: 'tls_failed',
  91: 'tls_failed',
};

const reasonOfStatus = (status) =>
  status >= 200 && status < 300
    ? ''
    : status >= 300 && status < 400
      ? 'redirect_refused'
      : status >= 400 && status < 500
        ? 'http_4xx'
        : status >= 500 && status < 600
          ? 'http_5xx'
          : 'failed';

// A value in a curl config file: double-quoted, with \ and " escaped (CR and LF never reach here).
const quoted = (value) => `"${String(value).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/**
 * Sends one request to a URL people supplied. `headers` values must be single-line. With `maxBytes` > 0 a 2xx
 * answer's body is read (up to that size, else 'too_large'); any other body is thrown away unread.
 * Returns { ok, status, reason, body } where status is the HTTP status (0 when none came) and reason is '' on a
 * 2xx, else one of OUTBOUND_REASONS (src/contract/outbound-reasons.ts).
 */
function send({ url, method = 'GET', headers = {}, body = '', timeoutSeconds = 10, maxBytes = 0 }) {
  const checked = vet(url);
  if (!checked.ok) return { ok: false, status: 0, reason: checked.reason, body: '' };
  for (const name in headers) {
    if (/[\r\n]/.test(`${name}${headers[name]}`)) return { ok: false, status: 0, reason: 'failed', body: '' };
  }
  const seconds = Math.max(1, Math.min(MAX_SECONDS, Math.ceil(timeoutSeconds)));
  const dir = `${$os.tempDir()}/chorus-outbound-${$security.randomString(20)}`;
  $os.mkdirAll(dir, 0o700);
  try {
    const config = [
      `url = ${quoted(checked.url)}`,
      `request = ${quoted(method.toUpperCase())}`,
      `connect-to = ${quoted(`::${checked.connectTo}:${checked.port}`)}`,
      `proto = "=http,https"`,
      `max-redirs = 0`,
      `noproxy = "*"`,
      `max-time = ${seconds}`,
      `connect-timeout = ${Math.min(seconds, 5)}`,
      `silent`,
      `output = ${quoted(maxBytes > 0 ? `${dir}/answer` : '/dev/null')}`,
      `write-out = "%{http_code}"`,
      `header = "Expect:"`,
      ...Object.keys(headers).map((name) => `header = ${quoted(`${name}: ${headers[name]}`)}`),
    ];
    if (maxBytes > 0) config.push(`max-filesize = ${maxBytes}`);
    if (body !== '' || method.toUpperCase() !== 'GET') {
      $os.writeFile(`${dir}/body`, String(body), 0o600);
      config.push(`data-binary = ${quoted(`@${dir}/body`)}`);
    }
    $os.writeFile(`${dir}/config`, `${config.join('\n')}\n`, 0o600);
    const command = $os.cmd('curl', '-q', '-K', `${dir}/config`);
    let written;
    try {
      written = toString(command.output());
    } catch (error) {
      if (/executable file not found|no such file/i.test(String(error))) {
        return { ok: false, status: 0, reason: 'unavailable', body: '' };
      }
      const code = command.processState ? command.processState.exitCode() : -1;
      return { ok: false, status: 0, reason: CURL_REASONS[code] || 'failed', body: '' };
    }
    const status = Number(written.trim()) || 0;
    const reason = reasonOfStatus(status);
    // A failure's answer is never read: only a 2xx's body leaves this function.
    if (reason || maxBytes <= 0) return { ok: reason === '', status, reason, body: '' };
    try {
      if ($os.stat(`${dir}/answer`).size() > maxBytes) return { ok: false, status, reason: 'too_large', body: '' };
      return { ok: true, status, reason, body: toString($os.readFile(`${dir}/answer`)) };
    } catch (_) {
      return { ok: true, status, reason, body: '' }; // no body came
    }
  } finally {
    $os.removeAll(dir);
  }
}

/** What the health view says about outbound requests: whether an allow-list is set (and how long it is). */
function outboundHealth() {
  const origins = allowedOrigins();
  return { allowList: origins.length > 0 ? 'set' : 'none', allowedOrigins: origins.length };
}

/**
 * `send`'s answer read as a JSON object: { ok: true, json }, or { ok: false, error }: the status (`http_<status>`),
 * outbound's fixed reason, or 'unreadable'; never the service's own words.
 */
function jsonAnswer(answer) {
  if (!answer.ok) return { ok: false, error: answer.status ? `http_${answer.status}` : answer.reason || 'failed' };
  try {
    const json = JSON.parse(answer.body);
    if (json && typeof json === 'object') return { ok: true, json };
  } catch {
    // below
  }
  return { ok: false, error: 'unreadable' };
}

module.exports = { send, jsonAnswer, refusalForSave, outboundHealth, allowedOrigins };
