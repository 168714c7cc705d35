// Copies images referenced by the source into uploads for PocketBase: downloads each one and keeps it
// only when it is an image type Chorus accepts (jpeg, png, webp, gif) within 5 MB, at most 5 per record.
const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
const MAX_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGES = 5;

/** @returns {Promise<{ files: File[], problems: string[] }>} */
export async function downloadImages(images, fetchImpl = fetch) {
  const files = [];
  const problems = [];
  for (const image of images) {
    if (files.length === MAX_IMAGES) {
      problems.push(`image ${image.name} skipped: at most ${MAX_IMAGES} per record`);
      continue;
    }
    try {
      const response = await fetchImpl(image.url);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const type = (response.headers.get('content-type') ?? '').split(';')[0].trim();
      const bytes = await response.arrayBuffer();
      if (!ACCEPTED.includes(type)) throw new Error(`not an accepted image type (${type || 'unknown'})`);
      if (bytes.byteLength > MAX_BYTES) throw new Error('larger than 5 MB');
      files.push(new File([bytes], image.name, { type }));
    } catch (error) {
      problems.push(`image ${image.url} not copied: ${error.message}`);
    }
  }
  return { files, problems };
}
