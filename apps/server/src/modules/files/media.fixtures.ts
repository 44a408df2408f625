/** MP4 and certificate bytes for the media-library tests (not used by the server). */

function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

/** A track header (version 0) whose last 8 bytes give the size in 16.16 fixed point. */
function tkhd(width: number, height: number): Buffer {
  const p = Buffer.alloc(84);
  p.writeUInt32BE(width << 16, 76);
  p.writeUInt32BE(height << 16, 80);
  return box('tkhd', p);
}

/** A structurally valid MP4: ftyp (isom), moov with one video track of the given size, and an mdat of some bytes. */
export function makeMp4(width = 640, height = 360, mdatBytes = 64, brand = 'isom'): Buffer {
  const ftyp = box('ftyp', Buffer.from(brand, 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2avc1mp41', 'latin1'));
  const moov = box('moov', box('mvhd', Buffer.alloc(100)), box('trak', tkhd(width, height)));
  return Buffer.concat([ftyp, moov, box('mdat', Buffer.alloc(mdatBytes, 7))]);
}

/** A self-signed certificate (CN=test), PEM. */
export const CERT_PEM = `-----BEGIN CERTIFICATE-----
MIIB/DCCAWWgAwIBAgIUI/rY/i79se/BQGaPCfiWJ/RDmQ0wDQYJKoZIhvcNAQEL
BQAwDzENMAsGA1UEAwwEdGVzdDAgFw0yNjExMjIxNjUzMTFaGA8yMTI2MTAyOTE2
NTMxMVowDzENMAsGA1UEAwwEdGVzdDCBnzANBgkqhkiG9w0BAQEFAAOBjQAwgYkC
gYEAr453qGFrs7gmnrGopInyAesAQgkzs8d+DUadTIEMJ8GQLOa8kTHMGrveAVwm
mRM2q6zTafuEJ/87BIlvB82oieiWZwVvbEHJ9n7BlQ8Nwz9cCv1qlvrxo2WbPPcn
zKRIzgEgrkTir9sMPjdUfhINF5A42rGNBZ6TcxTipo6OYMECAwEAAaNTMFEwHQYD
VR0OBBYEFPAFoXP9ofYAKxnfhWl+wBPq96KkMB8GA1UdIwQYMBaAFPAFoXP9ofYA
KxnfhWl+wBPq96KkMA8GA1UdEwEB/wQFMAMBAf8wDQYJKoZIhvcNAQELBQADgYEA
ajM4oacetGNXihtDuRZ/bT3fSFlE/p8vXl8L5bfODqNeKayLRH0UknTZQwa2ReCi
m2nHeXG3gO4uribo+3gn/UvGE4NfKD6MbkEA2MrQadrKQCtEN1KJbpwXz1Dz4DQA
orVLoNUdgmQVyriS9avRAXWo4UEeAMtC8PnO3B9T1y0=
-----END CERTIFICATE-----
`;

/** A PKCS#12 bundle of that certificate and its key (password 'test'), as openssl pkcs12 -export makes it. */
export const CERT_P12 = Buffer.from(
  'MIIGfwIBAzCCBjUGCSqGSIb3DQEHAaCCBiYEggYiMIIGHjCCAuIGCSqGSIb3DQEHBqCCAtMwggLPAgEAMIICyAYJKoZIhvcNAQcBMFcGCSqGSIb3DQEFDTBKMCkGCSqGSIb3DQEFDDAcBAjQUILLNPeuWQICCAAwDAYIKoZIhvcNAgkFADAdBglghkgBZQMEASoEEPwoyYIhvPZslmVBJpxbShOAggJge4zL3ygvRkO5X8tsP2StsEsbDW2nciSLfYc1zmGYG0lG5M+lAwGTJo2vTm00AYTMoo9uOm0ygktr7WDH7TJ6BC6Vz/zWDE0pXjBF24ymGTidF6eQaD62BJ39j/q0ABwNmF/cLbnGxjOQe9YIvDbPDpXB4XUg4JVP1MOQVeygDRc6YdxQ10vGOR6cBm9GRu1UPR3AksM4qNBdOq4GXFdnQ2QP8fjsvH3kfzY2tIhFpHoN2m48Fc0WyHZS1rQ2UdgHc6rL2JKqKH6G9ME2hZLWnfg1yP5zn7tcvs8pIG7SdR8OPgm8ppZM5PeYH9iIySm6V+qCdTh/dcrwVEDG5JvwhJ1CmlyVgwT537ZYz3YGH+UXxais/xjmrmFcYAeBsUBwVAS9nEWAfXZQaU5QomjQdB1xpCTA3nGWdi4D9qSUKPOGVo1+aUKkcNrjNhYpRUnUn/LYWdUeN34JaNlWtn4JxpNqtQFOMVVnenGGFiuc/mEELcu7CVXfMTkiL7c6H/wR8aimfI1b7v1TJuFWkKa+VhIkUzVjNP8XD8p67KQCvxBPzKWgqOyNrIS5xVTOkH1k5SlMaCgLB+4HUdxoTdgNz+YHurSpHmDwwhfah0qsKPxUETCZzM59idV/dmNqNKnW21DwbrA+q6C6P9XART9ygbfgB3TXIvHCGXCMcF9EZqeO1/5e6HQeLxWmxR2yM8ym20b+BYi453axw8lhSRJuq/GDjuY6ftCBWp2P3AezjkIJdiYAHKV+1c6+K/vMqdTpRdO0cnSaswaSJ9OmGvgDB866JtiW1G4m40RrStvmEsIwggM0BgkqhkiG9w0BBwGgggMlBIIDITCCAx0wggMZBgsqhkiG9w0BDAoBAqCCAuEwggLdMFcGCSqGSIb3DQEFDTBKMCkGCSqGSIb3DQEFDDAcBAgzB5dLV4ruMQICCAAwDAYIKoZIhvcNAgkFADAdBglghkgBZQMEASoEEGl42uakifP1A9IkTh2dFxQEggKAku3PSn5tHst+RDDIFDUSZR867CCJRw9rEGGzC3McO6yhjakeQmqjxNfX8eLDZQItrw/nghy4213JQ3ha0YbUodIxys19GsAuIscHZlfyOy4ssaFoQwIQbrjaElzTBuuiKNCs+byYgP1tjd7hmwOQm7bycHV/9o7JTGoXEPMQAiiWBfArBn7aGrLeC2yGPxrB3mK2mXwpQO2p6UR3fzPNMhE+n8fIJKDzOQjcpLIO1uEiK6i3K9eZy11qvgo5HiMKKxWYAz4vybZTeiscmx6CU2Pdfn88jkJN2mE2tJSKQOY09ECr+n/n0GJ20fpMH9Z84Zb0rew6jeo3BaHNCtK7JhzhtlAK/MHi68aX3CCFaJpqpj3swQtbb223VA61aNnrk3am23BtpUGduxc49Go4Xg50NPAzG954DnxiOvQBkVjBZbrxgX7bvtzhBLk1C1dGY+sPTzg6UL+av7juzYHPstrDds1Fla6eHD2Q2Z8BfFrATZgYAsqgI6niBH/GhLGk/MvXG37qwJ/RBYij2xtH+Y13TETR4asgfpIBJCvrorZVIJPVmjkZsC5LAgXeX6+N1EJLefBnp5yE1aik+ghPIycY0kEXU8AZWuEh/H1RZ4he3yqchFFvXutY6xsawb0qejG1753S64yNgUQ1gZByrGzFxENH1EIs8+0LuCdphDLx0IxA0wKnzvswa+XCmSLIBptiP538ELJ6+NdMi374okSPGsVQHI5VYpGLi7bvBTOJkxnZukMeSruX2ld2lKfPSZD3FqP0MjO/L1kVF2LWyec0OaPTF1bJfoT1ca9M1JzOlzRpQNZmlzay3eYwO9WVGH/tYr8pjCVDTTjfQA5d8TElMCMGCSqGSIb3DQEJFTEWBBSWdlH7npfS8A/rCUa75mIQaOpqKTBBMDEwDQYJYIZIAWUDBAIBBQAEIGCu8Tcor0vWVj6VP1eb++ticqJQqE71AE/lhHtgIbA0BAjOkFYrtJ+YuwICCAA=',
  'base64',
);
