import { expect, type Locator } from '@playwright/test';

/**
 * An uploaded image as a page shows it: its `src` is the upload's sized copy
 * in `folder` (a `.extension` file), and the browser draws it from one of its
 * WebP copies (decision 073), which are never wider than the upload.
 */
export async function expectUploadedImage(image: Locator, folder: string, extension: string): Promise<void> {
  await expect(image).toHaveAttribute(
    'src',
    new RegExp(`^/images/uploads/${folder}/[0-9a-f]{32}-sized\\.${extension}$`),
  );
  await expect
    .poll(() =>
      image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc),
    )
    .toMatch(new RegExp(`/images/uploads/${folder}/[0-9a-f]{32}-sized-\\d+w\\.webp$`));
}
