// Small PNG portraits drawn in code for demo accounts: a head and shoulders on a coloured background.
import { encodePng } from './screenshot.mjs';

const SIZE = 96;

/** A 96×96 avatar: `background` and `figure` are [r, g, b]. */
export function drawAvatar(background, figure) {
  const inCircle = (x, y, cx, cy, r) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
  return encodePng(SIZE, SIZE, (x, y) => {
    const head = inCircle(x, y, 48, 38, 17);
    const shoulders = y > 62 && inCircle(x, y, 48, 104, 38);
    return head || shoulders ? figure : background;
  });
}

/** Portrait colours of the demo people who have a photo (the others show their initial). */
export const AVATAR_COLORS = {
  admin: [
    [14, 116, 144],
    [207, 250, 254],
  ],
  member: [
    [190, 24, 93],
    [252, 231, 243],
  ],
  mei: [
    [21, 128, 61],
    [220, 252, 231],
  ],
  amara: [
    [180, 83, 9],
    [254, 243, 199],
  ],
  lucas: [
    [67, 56, 202],
    [224, 231, 255],
  ],
};
