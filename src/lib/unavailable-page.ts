// The friendly pages shown when PocketBase cannot answer: unreachable (503) or throttling this visitor (429),
// in the visitor's language (pageErrors messages). No stack trace, and no dependency on PocketBase.
import { bindNamespace, type I18n } from '../i18n/translator';
import { escapeXml } from './xml';

interface PageWords {
  title: string;
  heading: string;
  lines: string[];
}

const page = (i18n: I18n, words: PageWords, refreshSeconds: number) => `<!doctype html>
<html lang="${i18n.locale}" dir="${i18n.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta http-equiv="refresh" content="${refreshSeconds}">
<title>${words.title} · Chorus</title>
<style>
:root{color-scheme:light dark;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
body{display:grid;place-items:center;min-height:100vh;margin:0;padding:1rem;background:Canvas;color:CanvasText}
main{max-width:32rem;text-align:center}
</style>
</head>
<body>
<main>
<h1>${words.heading}</h1>
${words.lines.map((line) => `<p>${line}</p>`).join('\n')}
</main>
</body>
</html>`;

/** The page's words, escaped; the retry sentence carries its "try again now" link. */
function wordsOf(i18n: I18n, kind: 'unavailable' | 'rateLimited', seconds: number): PageWords {
  const t = bindNamespace(i18n, 'pageErrors');
  const text = (value: string) => escapeXml(value);
  const link = `<a href="">${text(t('tryAgainNow'))}</a>`;
  if (kind === 'unavailable') {
    return {
      title: text(t('unavailableTitle')),
      heading: text(t('unavailableHeading')),
      lines: [text(t('unavailableText')), text(t('retryEvery', { count: seconds })).replace('{link}', link)],
    };
  }
  return {
    title: text(t('rateLimitedTitle')),
    heading: text(t('rateLimitedHeading')),
    lines: [text(t('rateLimitedText')), text(t('retryInAMinute')).replace('{link}', link)],
  };
}

const htmlResponse = (html: string, status: number, retryAfter: number, locale: string) =>
  new Response(html, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-language': locale,
      'retry-after': String(retryAfter),
      'cache-control': 'no-store',
    },
  });

export function renderUnavailablePage(i18n: I18n): Response {
  return htmlResponse(page(i18n, wordsOf(i18n, 'unavailable', 15), 15), 503, 15, i18n.locale);
}

export function renderRateLimitedPage(i18n: I18n): Response {
  return htmlResponse(page(i18n, wordsOf(i18n, 'rateLimited', 60), 60), 429, 60, i18n.locale);
}
