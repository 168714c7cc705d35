// URL slugs from titles, one rule for every link that carries one (an idea's "/p/<id>-<slug>", a release's).

/** A URL slug from a title, at most `maxLength` characters: "Dark mode, at last!" → "dark-mode-at-last". */
export function slugify(title: string, maxLength = 80): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/g, '');
}
