import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makePng } from './files.fixtures';
import { CERT_P12, CERT_PEM, makeMp4 } from './media.fixtures';
import { sniffCert, sniffMedia, sniffMp4 } from './media-type';

describe('sniffMp4', () => {
  it('reads an MP4 and its track size from the boxes', () => {
    expect(sniffMp4(makeMp4(1280, 720))).toEqual({ mime: 'video/mp4', ext: 'mp4', width: 1280, height: 720 });
    expect(sniffMedia(makeMp4())).toMatchObject({ kind: 'video', mime: 'video/mp4' });
    expect(sniffMedia(makePng())).toMatchObject({ kind: 'image', mime: 'image/png' });
  });

  it('refuses bytes that only start like an MP4: cut short, trailing junk, no moov', () => {
    const mp4 = makeMp4();
    expect(sniffMp4(mp4.subarray(0, mp4.length - 10))).toBeNull();
    expect(sniffMp4(Buffer.concat([mp4, Buffer.from('<script>')]))).toBeNull();
    expect(sniffMp4(mp4.subarray(0, 32))).toBeNull();
    expect(sniffMp4(Buffer.from('\0\0\0\x18ftypisom\0\0\0\0isomhello, not a video'))).toBeNull();
  });

  it('refuses QuickTime and other brands, and text named .mp4', () => {
    const mov = makeMp4(640, 360, 64, 'qt  ');
    // compatible brands of the fixture include isom: rewrite them too
    mov.write('qt  qt  qt  qt  ', 16, 'latin1');
    expect(sniffMp4(mov)).toBeNull();
    expect(sniffMedia(Buffer.from('just text saved as clip.mp4'))).toBeNull();
  });
});

describe('sniffCert', () => {
  it('accepts a PEM certificate, a PEM private key and a P12 bundle', () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    expect(sniffCert(Buffer.from(CERT_PEM))).toEqual({ format: 'pem', ext: 'pem' });
    expect(sniffCert(Buffer.from(privateKey.export({ type: 'pkcs8', format: 'pem' }) as string))).toEqual({ format: 'pem', ext: 'pem' });
    expect(
      sniffCert(Buffer.concat([Buffer.from(CERT_PEM), Buffer.from(privateKey.export({ type: 'pkcs8', format: 'pem' }) as string)])),
    ).toEqual({
      format: 'pem',
      ext: 'pem',
    });
    expect(sniffCert(CERT_P12)).toEqual({ format: 'p12', ext: 'p12' });
  });

  it('refuses a PEM whose body is not a certificate, text around blocks, images and truncated P12', () => {
    expect(sniffCert(Buffer.from('-----BEGIN CERTIFICATE-----\naGVsbG8=\n-----END CERTIFICATE-----\n'))).toBeNull();
    expect(sniffCert(Buffer.from(`<script>alert(1)</script>\n${CERT_PEM}`))).toBeNull();
    expect(sniffCert(Buffer.from('just a text file named cert.pem'))).toBeNull();
    expect(sniffCert(makePng())).toBeNull();
    expect(sniffCert(CERT_P12.subarray(0, CERT_P12.length - 1))).toBeNull();
    expect(sniffCert(Buffer.alloc(0))).toBeNull();
  });
});
