import type { Locator, Page } from '@playwright/test';

/** Draws a signature on the signature pad `pad` with the mouse: one wavy stroke across it. */
export async function drawSignature(page: Page, pad: Locator): Promise<void> {
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad is not shown');
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let step = 1; step <= 20; step += 1) {
    await page.mouse.move(
      box.x + box.width * (0.1 + step * 0.04),
      box.y + box.height * (0.6 - 0.3 * Math.sin((step / 20) * Math.PI * 2)),
    );
  }
  await page.mouse.up();
}
