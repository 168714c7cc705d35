// Real image files for upload tests, built in memory: PNGs of any size (a huge one compresses to ~0.4 MB).
import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid 8-bit grayscale PNG of width×height black pixels (every row filter 0, all zeros). */
export function blackPng(width: number, height: number): Buffer {
  return grayPng(width, height, Buffer.alloc((width + 1) * height));
}

/** A valid PNG of random gray pixels: it does not compress, so its size is about width×height bytes. */
export function noisyPng(width: number, height: number): Buffer {
  const rows = randomBytes((width + 1) * height);
  for (let row = 0; row < height; row++) rows[row * (width + 1)] = 0; // filter type: none
  return grayPng(width, height, rows);
}

function grayPng(width: number, height: number, rows: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // grayscale
  const pixels = deflateSync(rows, { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
