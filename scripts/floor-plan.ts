/**
 * Renders the demo's drawn floor plan (core/seed/assets/floor-5f.svg, the source) to the PNG the demo seed uploads
 * (core/seed/assets/floor-5f.png): uploads are pictures checked by their bytes (PNG or JPEG), so the seed stores the
 * rendering, through the same checks as an uploaded image. Run by hand after editing the SVG:
 *   node --import tsx scripts/floor-plan.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import puppeteer from 'puppeteer-core';

const dir = path.resolve('core/seed/assets');
const svg = fs.readFileSync(path.join(dir, 'floor-5f.svg'), 'utf8');
const size = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
if (!size) throw new Error('the SVG needs a viewBox "0 0 <width> <height>"');
const [width, height] = [Number(size[1]), Number(size[2])];

const browser = await puppeteer.launch({
  executablePath: process.env.ATRIUM_CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--font-render-hinting=none'],
});
try {
  const page = await browser.newPage();
  await page.setViewport({ width, height, deviceScaleFactor: 1 });
  await page.setContent(`<!doctype html><html><body style="margin:0">${svg}</body></html>`);
  const out = path.join(dir, 'floor-5f.png');
  await page.screenshot({ path: out as `${string}.png`, clip: { x: 0, y: 0, width, height } });
  console.log(`${out}: ${width}×${height}, ${fs.statSync(out).size} bytes`);
} finally {
  await browser.close();
}
