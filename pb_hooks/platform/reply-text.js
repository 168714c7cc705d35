// The words a person wrote in an email, without what their mail program added: the quoted message under
// "On … wrote:" (and its usual translations), "-----Original Message-----" and Outlook's From:/Sent: block,
// ">" quoted lines, the signature after "-- ", and "Sent from my …" lines.
const QUOTE_HEADERS = [
  /^On .{1,200}wrote:\s*$/i,
  /^Le .{1,200}a écrit\s?:\s*$/i,
  /^Am .{1,200}schrieb .{0,200}:\s*$/i,
  /^El .{1,200}escribió:\s*$/i,
  /^Em .{1,200}escreveu:\s*$/i,
  /^Il .{1,200}ha scritto:\s*$/i,
  /^Op .{1,200}schreef .{0,200}:\s*$/i,
  /^.{1,200}(написал|написала)\(?а?\)?:\s*$/i,
  /^\s*-{2,}\s*(Original Message|Forwarded message)\s*-{2,}\s*$/i,
  /^_{5,}\s*$/,
  /^(From|De|Von|Van|Da|От): .+$/,
];
const SIGNOFFS = [/^--\s?$/, /^Sent from my .+$/i, /^Get Outlook for .+$/i];

/** The reply's own text: everything above the first quote header, signature or quoted line. */
function replyText(text) {
  const lines = String(text || '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  const kept = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    // Gmail wraps a long "On … wrote:" over two lines.
    const joined = i + 1 < lines.length ? `${line} ${lines[i + 1]}` : line;
    if (QUOTE_HEADERS.some((re) => re.test(line) || (/wrote:\s*$/i.test(lines[i + 1] || '') && re.test(joined)))) break;
    if (SIGNOFFS.some((re) => re.test(line))) break;
    if (/^\s*>/.test(line)) continue;
    kept.push(line);
  }
  return kept
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

module.exports = { replyText };
