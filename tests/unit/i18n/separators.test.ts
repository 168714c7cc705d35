// No hard-coded punctuation or spaces join translated pieces in the site's code: every separator between
// words a person sees or hears (", ", " · ", ": ", "(…)") belongs to a message, so each locale writes its own
// ("، " in Arabic, "、" in Japanese). Scans src/ for the ways such joins have been written.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../../', import.meta.url).pathname;
const SRC = join(ROOT, 'src');

function* codeFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* codeFiles(path);
    else if (/\.(astro|tsx?)$/.test(name)) yield path;
  }
}

/** A translated piece: a call to t(), translate(), a bound translator, or a label from one. */
const TRANSLATED = String.raw`(?:t|translate|translator\([^)]*\))\([^)]*\)`;
/** Punctuation that separates words: commas, dots, dashes, colons, brackets (Latin and full-width). */
const SEPARATOR = '[,·—–:;()（）、，،：]';

const PATTERNS: { name: string; pattern: RegExp }[] = [
  {
    name: 'a template literal with a translated piece and literal words or punctuation around it',
    pattern: new RegExp(
      String.raw`\`[^\`\n]*(?:[^\s\`$}]|\s${SEPARATOR}|${SEPARATOR}\s)[^\`\n]*\$\{${TRANSLATED}\}|\$\{${TRANSLATED}\}\s*${SEPARATOR}`,
    ),
  },
  {
    name: 'a translated piece in markup followed or preceded by literal punctuation',
    pattern: new RegExp(String.raw`\{${TRANSLATED}\}\s*${SEPARATOR}|${SEPARATOR}\s*\{${TRANSLATED}\}`),
  },
  {
    name: 'a visually hidden span that starts with a literal space or separator',
    pattern: new RegExp(String.raw`visually-hidden[^>]*>(?: |\s*${SEPARATOR})\s*\{`),
  },
  {
    name: 'a list joined with hard-coded punctuation (use Intl.ListFormat: formatList)',
    // Machine formats (',' in headers and field lists, '; ' in a CSP) join without a space or with ';'.
    pattern: /\.join\((['"`])\s*[,·—–、，،]\s+\1\)|\.join\((['"`])\s+[·—–]\s*\2\)/,
  },
  {
    name: 'pieces concatenated with a quoted separator',
    pattern: new RegExp(String.raw`\+\s*(['"])\s*${SEPARATOR}\s*\1\s*\+`),
  },
];

function offences(text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const { name, pattern } of PATTERNS)
      if (pattern.test(line)) found.push(`${index + 1}: ${name}: ${line.trim()}`);
  });
  return found;
}

describe('separators between translated pieces', () => {
  it('catches each way a hard-coded separator has joined translated words', () => {
    const samples = [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a sample of source code, not a template
      "words.textContent = `, ${translator('releases')('unseen', { count })}`;",
      '<span className="visually-hidden">{t(\'vote\')}, </span>',
      '<span className="visually-hidden"> {t(\'votes\', { count })}</span>',
      '<span className="visually-hidden"> {post.title}</span>',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a sample of source code, not a template
      "const title = `${title} · ${t('site')}`;",
      '<span class="muted">({t(\'votes\', { count })})</span>',
      "const list = names.join(', ');",
      "const label = name + ' · ' + site;",
    ];
    for (const sample of samples) expect(offences(sample), sample).not.toEqual([]);
    expect(offences("const events = names.join(t('listSeparator'));")).toEqual([]);
    expect(offences('<span className="visually-hidden">{before}</span>')).toEqual([]);
  });

  it('finds none in src/', () => {
    const found: string[] = [];
    for (const file of codeFiles(SRC)) {
      for (const offence of offences(readFileSync(file, 'utf8'))) found.push(`${relative(ROOT, file)}:${offence}`);
    }
    expect(found).toEqual([]);
  });
});
