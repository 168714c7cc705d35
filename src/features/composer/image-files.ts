// Checks images before upload: real image bytes (not a renamed file), allowed types, size and count.
import { currentLocale, translate } from '../../i18n/current';
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGES = 5;

/** The image type the first bytes show, or null when they are not a jpeg, png, webp or gif. */
export function sniffImageType(bytes: Uint8Array): (typeof IMAGE_TYPES)[number] | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

export interface ImageCheck {
  accepted: File[];
  errors: string[];
}

/** "20.0" (or "20,0"…): megabytes with one decimal, in the page's language. */
const megabytes = (bytes: number) =>
  new Intl.NumberFormat(currentLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    bytes / 1024 / 1024,
  );

/** Which of the new files can join the ones already attached, and why the others cannot. */
export async function checkImages(files: File[], alreadyAttached: number, max = MAX_IMAGES): Promise<ImageCheck> {
  const accepted: File[] = [];
  const errors: string[] = [];
  for (const file of files) {
    const name = file.name || translate('errors', 'pastedImage');
    if (file.size > MAX_IMAGE_BYTES) {
      errors.push(translate('errors', 'imageTooLarge', { name, size: megabytes(file.size) }));
      continue;
    }
    const type = sniffImageType(new Uint8Array(await file.slice(0, 12).arrayBuffer()));
    if (!type) {
      errors.push(translate('errors', 'notAnImage', { name }));
      continue;
    }
    if (alreadyAttached + accepted.length >= max) {
      errors.push(translate('errors', 'tooManyImages', { name, count: max }));
      continue;
    }
    accepted.push(file.type === type ? file : new File([file], file.name || `pasted.${type.slice(6)}`, { type }));
  }
  return { accepted, errors };
}
