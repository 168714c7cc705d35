// The frame every Chorus email shares: HTML that declares its language and direction (right-to-left for
// Arabic and Hebrew), escaping for what people wrote, and the board's base URL for links.
const { directionOf } = require(`${__hooks}/platform/i18n.js`);

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** A whole HTML document in `locale` around `body` (already escaped HTML). */
function htmlEmail(locale, body) {
  const dir = directionOf(locale);
  return (
    `<!doctype html><html lang="${locale}" dir="${dir}"><head><meta charset="utf-8"></head>` +
    `<body dir="${dir}" style="text-align:${dir === 'rtl' ? 'right' : 'left'}">${body}</body></html>`
  );
}

/** The site's address (PocketBase's Application URL) without a trailing slash. */
function baseUrl(app) {
  return app.settings().meta.appURL.replace(/\/+$/, '');
}

module.exports = { escapeHtml, htmlEmail, baseUrl };
