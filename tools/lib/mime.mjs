// Just enough MIME to read what PocketBase's mailer sends: headers, multipart parts,
// quoted-printable and base64 bodies. Returns the plain text (or the HTML stripped of tags) and every
// top-level header (lower-cased names, encoded words decoded), e.g. List-Unsubscribe.

export function parseMail(raw) {
  const { headers, body } = splitHeaders(raw);
  const parts = collectParts(headers, body);
  const plain = parts.find((p) => p.type.startsWith('text/plain'));
  const html = parts.find((p) => p.type.startsWith('text/html'));
  return {
    to: decodeWords(headers.to ?? ''),
    from: decodeWords(headers.from ?? ''),
    subject: decodeWords(headers.subject ?? ''),
    date: new Date().toISOString(),
    html: html?.content ?? '',
    text: plain?.content ?? stripTags(html?.content ?? ''),
    headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, decodeWords(value)])),
  };
}

function splitHeaders(raw) {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end < 0 ? normalized : normalized.slice(0, end);
  const body = end < 0 ? '' : normalized.slice(end + 2);
  const headers = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function collectParts(headers, body) {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.startsWith('multipart/') && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((chunk) => !chunk.startsWith('--'))
      .flatMap((chunk) => {
        const part = splitHeaders(chunk.replace(/^\n/, ''));
        return collectParts(part.headers, part.body);
      });
  }
  return [{ type: type.toLowerCase(), content: decodeBody(body, headers['content-transfer-encoding']) }];
}

function decodeBody(body, encoding = '') {
  const kind = encoding.toLowerCase();
  if (kind === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (kind === 'quoted-printable') {
    const bytes = body
      .replace(/=\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

function decodeWords(value) {
  // Whitespace between two encoded words belongs to neither (RFC 2047): long non-ASCII subjects come
  // folded into several words that read as one text.
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([bq])\?([^?]*)\?=/gi, (_, _charset, kind, text) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
    );
}

function stripTags(html) {
  return html
    .replace(/<style[\s\S]*?<\/style>/gi, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .trim();
}
