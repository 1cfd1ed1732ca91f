/**
 * What kind of image a file is, judged by its first bytes (its magic number)
 * only: never by its name or the type a browser claimed, which a sender
 * chooses. Pure.
 *
 * It says what a file claims to be, not that the rest of it is a valid
 * image: a file cut short after its signature still answers. A file shorter
 * than the signature answers null, as does anything else (text, SVG, WebP,
 * a PDF ...): only the types below are accepted.
 */

export type ImageType = { ext: 'png' | 'jpg' | 'gif'; contentType: string };

const SIGNATURES: { bytes: number[]; type: ImageType }[] = [
  // \x89 P N G \r \n \x1a \n (PNG spec §5.2)
  { bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], type: { ext: 'png', contentType: 'image/png' } },
  // SOI marker FF D8, then the first segment's marker FF
  { bytes: [0xff, 0xd8, 0xff], type: { ext: 'jpg', contentType: 'image/jpeg' } },
  // G I F 8 7 a
  { bytes: [0x47, 0x49, 0x46, 0x38, 0x37, 0x61], type: { ext: 'gif', contentType: 'image/gif' } },
  // G I F 8 9 a
  { bytes: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61], type: { ext: 'gif', contentType: 'image/gif' } },
];

/** The image type the bytes start with, or null when they start like none of PNG, JPEG and GIF. */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  const match = SIGNATURES.find(
    ({ bytes: signature }) =>
      bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte),
  );
  return match ? { ...match.type } : null;
}
