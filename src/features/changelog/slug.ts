// URL slugs for releases: the one slug rule (src/lib/slug.ts), at a release's length.
export { slugify } from '../../lib/slug';
