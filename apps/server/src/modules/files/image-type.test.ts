import { describe, expect, it } from 'vitest';
import { GIF_1X1, makeJpegHeader, makePng, makeWebpLossless } from './files.fixtures';
import { sniffImage } from './image-type';

describe('sniffImage', () => {
  it('reads the type and size of a PNG, GIF, JPEG and WebP from their content', () => {
    expect(sniffImage(makePng(3, 5))).toEqual({ mime: 'image/png', ext: 'png', width: 3, height: 5 });
    expect(sniffImage(GIF_1X1)).toEqual({ mime: 'image/gif', ext: 'gif', width: 1, height: 1 });
    expect(sniffImage(makeJpegHeader(640, 480))).toEqual({ mime: 'image/jpeg', ext: 'jpg', width: 640, height: 480 });
    expect(sniffImage(makeWebpLossless(300, 200))).toEqual({ mime: 'image/webp', ext: 'webp', width: 300, height: 200 });
  });

  it('refuses text, SVG and HTML whatever they are called', () => {
    expect(sniffImage(Buffer.from('just some text, saved as photo.png'))).toBeNull();
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(sniffImage(Buffer.from('<!doctype html><img src=x onerror=alert(1)>'))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
  });

  it('refuses bytes that only start like an image', () => {
    expect(sniffImage(makePng().subarray(0, 12))).toBeNull();
    expect(sniffImage(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('<html>')]))).toBeNull();
    expect(sniffImage(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WEBPJUNKJUNKJUNKJUNKJUNKJUNK'))).toBeNull();
  });

  it('refuses an image that says it has no pixels', () => {
    expect(sniffImage(makePng(0, 5))).toBeNull();
    expect(sniffImage(makeJpegHeader(10, 0))).toBeNull();
  });
});
