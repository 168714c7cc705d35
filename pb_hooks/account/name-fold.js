// A name folded to what a reader sees (issue 42): two names that fold alike look alike, so a member cannot take
// a staff member's name by case, spacing, accents, compatibility forms, invisible characters or look-alike
// letters. No PocketBase API here: tests/unit/name-fold.test.ts runs this very file under Node.

// Zero-width and other invisible format characters (soft hyphen, joiners, bidi marks and controls, BOM, …).
const INVISIBLE =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: each invisible character is removed on its own
  /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]/g;
// Combining marks (accents), once the text is decomposed: "Álïce" reads as "Alice".
const MARKS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;
// Punctuation (ASCII, and the general punctuation block: dashes, quotes, bullets), read past: "A.lice" is "Alice".
const PUNCTUATION = /[!-/:-@[-`{-~\u00a1-\u00bf\u2010-\u205e]/g;

// Letters of other scripts that look like a Latin one, each above the letter it reads as; capitals before
// lower-casing (Cyrillic "Н" looks like "H", its lower case "н" does not). Then dotless i and j, other
// alphabets' l, a, g and I, the bar, and digits read as letters.
const LOOK_ALIKES = [
  // Cyrillic capitals, then small letters
  ['АВЕЗКМНОРСТУХЅІЇЈԚԜҮӀ', 'ABE3KMHOPCTYXSIIJQWYI'],
  ['аеорсухѕіїјԁһԛԝӏү', 'aeopcyxsiijdhqwly'],
  // Greek capitals, then small letters
  ['ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ', 'ABEZHIKMNOPTYX'],
  ['αικνορυχγ', 'aiknopuxy'],
  ['ıȷǀɑɡꓲ|015', 'ijlagIlols'],
];
const READS_AS = {};
for (const [from, to] of LOOK_ALIKES) for (let i = 0; i < from.length; i += 1) READS_AS[from[i]] = to[i];
const LOOK_ALIKE = new RegExp(`[${Object.keys(READS_AS).join('')}]`, 'g'); // none of them is special in [ ]

// Once lower-cased: capital I and small l look the same in most faces, so i and l are one letter, as are
// "rn" and "m", "vv" and "w".
const SAME_SHAPES = [
  [/i/g, 'l'],
  [/rn/g, 'm'],
  [/vv/g, 'w'],
];

/** `name` folded: compare two folded names to tell whether they look alike ('' when nothing visible). */
function foldName(name) {
  let text = String(name ?? '')
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .normalize('NFD')
    .replace(MARKS, '')
    .replace(LOOK_ALIKE, (letter) => READS_AS[letter])
    .toLowerCase()
    .normalize('NFD') // lower-casing "İ" leaves a combining dot
    .replace(MARKS, '')
    .replace(LOOK_ALIKE, (letter) => READS_AS[letter])
    .replace(PUNCTUATION, '');
  for (const [shape, letter] of SAME_SHAPES) text = text.replace(shape, letter);
  return text.replace(/\s+/g, ' ').trim();
}

module.exports = { foldName };
