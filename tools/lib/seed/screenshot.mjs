// Small PNG "screenshots" drawn in code (zlib only): a window with a title bar, a sidebar and text lines.
import { crc32, deflateSync } from 'node:zlib';

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** Encodes an RGB image given by pixel(x, y) → [r, g, b]. */
export function encodePng(width, height, pixel) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), row + 1 + x * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 480×300 mock of the Lumen editor, tinted by `accent` ([r, g, b]), with a highlighted area. */
export function drawScreenshot(accent, { dark = false, highlight = [300, 120, 440, 180] } = {}) {
  const bg = dark ? [30, 32, 38] : [250, 250, 252];
  const side = dark ? [40, 43, 52] : [236, 238, 243];
  const text = dark ? [150, 156, 170] : [170, 176, 190];
  const [hx1, hy1, hx2, hy2] = highlight;
  return encodePng(480, 300, (x, y) => {
    if (y < 28) return x > 12 && x < 60 && y > 10 && y < 18 ? [255, 95, 86] : accent;
    const onBorder = (x === hx1 || x === hx2 || y === hy1 || y === hy2) && x >= hx1 && x <= hx2 && y >= hy1 && y <= hy2;
    if (onBorder) return [230, 40, 40];
    if (x < 110) return y % 28 > 12 && y % 28 < 20 && x > 14 && x < 90 ? text : side;
    const line = (y - 40) % 22;
    const width = 340 - ((Math.floor((y - 40) / 22) * 53) % 140);
    if (y > 40 && line < 8 && x > 130 && x < 130 + width) return text;
    return bg;
  });
}
