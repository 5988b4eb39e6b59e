import { inflateSync } from 'node:zlib';
import { createFavicon } from './favicon';

describe('createFavicon', () => {
  const png = Buffer.from(createFavicon().replace(/^data:image\/png;base64,/, ''), 'base64');

  it('is a PNG data URI', () => {
    expect(createFavicon()).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  });

  it('is 64×64 8-bit RGB, the size Minecraft clients show', () => {
    expect(png.toString('ascii', 12, 16)).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20), png[24], png[25]]).toEqual([64, 64, 8, 2]);
  });

  it('holds one filter byte and 64 RGB pixels per row in its image data', () => {
    const idatLength = png.readUInt32BE(33);
    expect(png.toString('ascii', 37, 41)).toBe('IDAT');
    expect(inflateSync(png.subarray(41, 41 + idatLength)).length).toBe(64 * (1 + 64 * 3));
    expect(png.toString('ascii', png.length - 8, png.length - 4)).toBe('IEND');
  });

  it('is the same image every time', () => {
    expect(createFavicon()).toBe(createFavicon());
  });
});
