import { deflateSync } from 'node:zlib';
import { Random } from './simulation/random';

/**
 * The server icon of the Server List Ping: a 64×64 PNG (the size game clients expect) as a data URI,
 * drawn here — a grass block in 4×4-pixel texels — so the demo needs no binary asset.
 */
export function createFavicon(): string {
  const size = 64;
  const texel = 4;
  const random = new Random(2013);
  const grass = [
    [89, 166, 52],
    [103, 181, 60],
    [76, 145, 44],
  ];
  const dirt = [
    [134, 96, 67],
    [121, 85, 58],
    [150, 108, 74],
    [108, 76, 52],
  ];
  const colors: number[][][] = [];
  for (let y = 0; y < size / texel; y++) {
    const row: number[][] = [];
    for (let x = 0; x < size / texel; x++) {
      // Grass on top, hanging a texel or two into the dirt here and there.
      const grassDepth = 3 + (random.chance(0.4) ? 1 : 0) + (random.chance(0.15) ? 1 : 0);
      row.push(random.pick(y < grassDepth ? grass : dirt));
    }
    colors.push(row);
  }
  const raw = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const offset = y * (1 + size * 3);
    raw[offset] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const [r, g, b] = colors[Math.floor(y / texel)][Math.floor(x / texel)];
      raw.set([r, g, b], offset + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body), 0);
  return Buffer.concat([length, body, crc]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
