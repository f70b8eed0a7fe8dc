/**
 * The resource image cropper and the wall screen's panel editor in Chromium
 * against the real server: a BMP (written here by hand) framed with mouse and
 * keyboard, sent as a JPEG of at most 2 MB; a text file named .png refused; a
 * dashboard panel created, edited and deleted after asking, its form checked
 * with axe-core.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import anyTest, { type TestFn } from 'ava';
import type { Browser, Page } from 'puppeteer-core';
import { imageSize } from '../../core/modules/uploads/index.ts';
import type { TestApp } from '../helpers/app.ts';
import { browserSuite, fill, seriousViolations, withPage } from './helpers.ts';
import { openSignedIn, rowWith, waitForClosed, waitForNoRow } from './room-helpers.ts';

const test = anyTest as TestFn;

let app: TestApp;
let browser: Browser;
let token: string;

browserSuite(
  test,
  'room cropper and panels',
  {},
  async (s) => {
    ({ app, browser } = s);
    token = await app.adminToken();
  },
  registerTests,
);

async function api<T>(method: string, p: string, body?: unknown): Promise<T> {
  const res = await app.request(method, `/api${p}`, { token, body });
  if (res.body.code !== 0) throw new Error(`${method} ${p}: ${JSON.stringify(res.body)}`);
  return (res.body as { data: T }).data;
}

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-crop-'));

/** A 24-bit bottom-up BMP of `width` × `height`: colour bands with some noise, so the JPEG has something to encode. */
function bmp(width: number, height: number): Buffer {
  const row = Math.ceil((width * 3) / 4) * 4;
  const pixels = row * height;
  const buf = Buffer.alloc(54 + pixels);
  buf.write('BM', 0, 'latin1');
  buf.writeUInt32LE(54 + pixels, 2);
  buf.writeUInt32LE(54, 10);
  buf.writeUInt32LE(40, 14);
  buf.writeInt32LE(width, 18);
  buf.writeInt32LE(height, 22);
  buf.writeUInt16LE(1, 26);
  buf.writeUInt16LE(24, 28);
  buf.writeUInt32LE(pixels, 34);
  let seed = 7;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed >> 16) % 40;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = 54 + y * row + x * 3;
      buf[o] = Math.min(255, Math.floor((x / width) * 200) + noise()); // blue
      buf[o + 1] = Math.min(255, Math.floor((y / height) * 200) + noise()); // green
      buf[o + 2] = (Math.floor(x / 50) + Math.floor(y / 50)) % 2 ? 220 : 40; // red checks
    }
  }
  return buf;
}

/** The crop in picture pixels, read once React has drawn the last pointer move (continuous events render a frame later). */
async function cropBox(page: Page): Promise<{ x: number; y: number; width: number; height: number }> {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return page.$eval('[data-testid="crop-area"]', (el) => {
    const d = (el as HTMLElement).dataset;
    return { x: Number(d.x), y: Number(d.y), width: Number(d.width), height: Number(d.height) };
  });
}

async function toastText(page: Page, pattern: RegExp): Promise<string> {
  const handle = await page.waitForFunction(
    (src) => {
      const text = document.querySelector('[data-testid="toast"]')?.textContent ?? '';
      return new RegExp(src, 'i').test(text) ? text : null;
    },
    {},
    pattern.source,
  );
  return String(await handle.jsonValue());
}

async function closeToast(page: Page): Promise<void> {
  if (await page.$('[data-testid="toast"]')) await page.click('[data-testid="toast"] .close.icon').catch(() => {});
  await page.waitForFunction(() => !document.querySelector('[data-testid="toast"]'));
}

function registerTests(): void {
  test.serial(
    'resource images: a BMP cropped with mouse and keyboard is stored as a JPEG of at most 2 MB; a text file named .png is refused',
    async (t) => {
      const location = await api<{ id: number }>('POST', '/room/locations', {
        name: 'Cropper House',
        timeZone: 'Europe/Berlin',
      });
      const dir = tmp();
      const picture = path.join(dir, 'office.bmp');
      fs.writeFileSync(picture, bmp(800, 600));
      const fake = path.join(dir, 'notes.png');
      fs.writeFileSync(fake, 'these are notes, not a picture\n'.repeat(20));
      const huge = path.join(dir, 'huge.bmp');
      fs.writeFileSync(huge, Buffer.concat([Buffer.from('BM'), Buffer.alloc(10 * 1024 * 1024)]));

      await withPage(t, browser, async ({ page }) => {
        await openSignedIn(page, app, '/room/room');
        await page.waitForSelector('[data-testid="resource-add"]', { visible: true });
        await page.click('[data-testid="resource-add"]');
        await page.waitForSelector('#res-name', { visible: true });
        await page.waitForFunction(() => document.querySelectorAll('#res-location option').length > 1);
        const accept = await page.$eval('#res-image-file', (el) => (el as HTMLInputElement).accept.split(','));
        for (const ext of ['.gif', '.jpeg', '.jpg', '.png', '.bmp'])
          t.true(accept.includes(ext), `accept lists ${ext}`);

        // Nothing chosen yet.
        await page.click('[data-testid="upload-image"]');
        await toastText(page, /choose an image first/);

        // Text named .png: refused by its first bytes.
        const input = await page.$('#res-image-file');
        await (input as unknown as { uploadFile: (f: string) => Promise<void> }).uploadFile(fake);
        const refusal = await toastText(page, /only gif, jpeg, jpg, png or bmp/);
        t.regex(refusal, /bmp/i);
        t.is(await page.$('[data-testid="crop-area"]'), null, 'no crop for a refused file');
        t.is(
          await page.$eval('#res-image-file', (el) => (el as HTMLInputElement).value),
          '',
          'the refused file is let go',
        );
        await closeToast(page);
        // Over 10 MB: refused before it is read.
        await (input as unknown as { uploadFile: (f: string) => Promise<void> }).uploadFile(huge);
        await toastText(page, /larger than 10 MB/);
        t.is(await page.$('[data-testid="crop-area"]'), null);
        await closeToast(page);

        await fill(page, '#res-name', 'Cropped Room');
        await fill(page, '#res-capacity', '6');
        await page.select('#res-location', String(location.id));
        await fill(page, '#res-price', '0');

        await (input as unknown as { uploadFile: (f: string) => Promise<void> }).uploadFile(picture);
        await page.waitForSelector('[data-testid="crop-area"]', { visible: true });
        const label = await page.$eval('[data-testid="crop-area"]', (el) => el.getAttribute('aria-label') ?? '');
        t.regex(label, /arrow keys/i, `the crop area says how to use it: ${label}`);
        t.deepEqual(await seriousViolations(page), [], 'no serious or critical axe violations with the cropper open');
        const first = await cropBox(page);
        t.deepEqual(first, { x: 80, y: 60, width: 640, height: 480 }, '80% of the picture, centred, 4:3');

        // The mouse drags the crop (pointer events) …
        await page.$eval('[data-testid="crop-area"]', (el) => el.scrollIntoView({ block: 'center' }));
        const box = await (await page.$('[data-testid="crop-area"]'))!.boundingBox();
        if (!box) throw new Error('no crop box');
        const sx = box.x + box.width / 2;
        const sy = box.y + box.height / 2;
        await page.mouse.move(sx, sy);
        await page.mouse.down();
        for (let i = 1; i <= 4; i++) await page.mouse.move(sx - i * 10, sy - i * 5);
        await page.mouse.up();
        const dragged = await cropBox(page);
        t.true(dragged.x < first.x && dragged.y < first.y, `dragged up and left: ${JSON.stringify(dragged)}`);
        t.is(dragged.width, 640, 'dragging the middle does not resize');

        // … a corner handle resizes it, keeping 4:3 …
        const handle = await (await page.$('[data-testid="crop-area"] [data-handle="se"]'))!.boundingBox();
        if (!handle) throw new Error('no handle');
        await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
        await page.mouse.down();
        for (let i = 1; i <= 4; i++)
          await page.mouse.move(handle.x + handle.width / 2 - i * 10, handle.y + handle.height / 2);
        await page.mouse.up();
        const resized = await cropBox(page);
        t.true(resized.width < dragged.width, `smaller: ${JSON.stringify(resized)}`);
        t.true(Math.abs(resized.width / resized.height - 4 / 3) < 0.01, 'still 4:3');
        t.deepEqual({ x: resized.x, y: resized.y }, { x: dragged.x, y: dragged.y }, 'the opposite corner stays');

        // … a finger drags it too (touch pointer events) …
        const touchBox = await (await page.$('[data-testid="crop-area"]'))!.boundingBox();
        if (!touchBox) throw new Error('no crop box');
        const tx = touchBox.x + touchBox.width / 2;
        const ty = touchBox.y + touchBox.height / 2;
        await page.touchscreen.touchStart(tx, ty);
        for (let i = 1; i <= 4; i++) await page.touchscreen.touchMove(tx + i * 5, ty + i * 5);
        await page.touchscreen.touchEnd();
        const touched = await cropBox(page);
        t.true(
          touched.x > resized.x && touched.y > resized.y && touched.width === resized.width,
          `dragged by touch: ${JSON.stringify(touched)}`,
        );

        // … and the keyboard moves (arrows, 1% of the picture = 8 px) and resizes (shift + arrows).
        await page.focus('[data-testid="crop-area"]');
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('ArrowDown');
        const moved = await cropBox(page);
        t.deepEqual(moved, { ...touched, x: touched.x + 16, y: touched.y + 8 });
        await page.keyboard.down('Shift');
        for (let i = 0; i < 100; i++) await page.keyboard.press('ArrowRight');
        await page.keyboard.up('Shift');
        const grown = await cropBox(page);
        t.true(
          grown.x + grown.width <= 800 && grown.y + grown.height <= 600,
          `grows only to the edge: ${JSON.stringify(grown)}`,
        );
        await page.keyboard.down('Shift');
        for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowLeft');
        await page.keyboard.up('Shift');
        await page.keyboard.press('ArrowLeft');
        const final = await cropBox(page);
        t.true(final.width < grown.width && final.x === grown.x - 8, `shrunk and moved: ${JSON.stringify(final)}`);
        t.regex(
          await page.$eval('[data-testid="crop-status"]', (el) => el.textContent ?? ''),
          new RegExp(`${final.width} × ${final.height}`),
        );

        await page.click('[data-testid="upload-image"]');
        await page.waitForSelector('[data-testid="resource-image"] img', { visible: true });
        t.is(await page.$('[data-testid="crop-area"]'), null, 'the cropper empties after the upload');
        await page.click('[data-testid="form-save"]');
        await waitForClosed(page, 'resource-form');
        const row = await rowWith(page, 'resource-table', 'Cropped Room');
        const id = Number(row.match(/data-id="(\d+)"/)?.[1]);
        const saved = await api<{ imageIds: string[] }>('GET', `/room/resources/${id}`);
        t.is(saved.imageIds.length, 1, 'the resource has the cropped image');

        const res = await fetch(`${app.url}/api/upload/${saved.imageIds[0]}`, { headers: { token } });
        t.is(res.status, 200);
        t.regex(res.headers.get('content-type') ?? '', /image\/jpeg/);
        const stored = Buffer.from(await res.arrayBuffer());
        t.deepEqual([...stored.subarray(0, 3)], [0xff, 0xd8, 0xff], 'a JPEG by its bytes');
        t.true(stored.length <= 2 * 1024 * 1024, `at most 2 MB: ${stored.length}`);
        const size = imageSize(stored);
        t.deepEqual(
          size,
          { width: final.width, height: final.height },
          'the crop at its own size (under 1600 px wide)',
        );
      });
    },
  );

  test.serial(
    "dashboard panels: create, edit and delete on /room/dashboard, accessible, with the server's refusals as toasts",
    async (t) => {
      const location = await api<{ id: number }>('POST', '/room/locations', {
        name: 'Panel Tower',
        timeZone: 'Asia/Tokyo',
      });
      const floor = await api<{ id: number }>('POST', '/room/floors', {
        locationId: location.id,
        name: 'P7',
        displayName: 'Seventh floor',
      });
      type PanelRow = {
        id: number;
        name: string;
        locationId: number | null;
        floorId: number | null;
        environmentSlideSeconds: number;
        bookingSlideSeconds: number;
      };

      await withPage(t, browser, async ({ page }) => {
        await openSignedIn(page, app, '/room/dashboard');
        await page.waitForSelector('[data-testid="panel-section"]', { visible: true });
        await page.waitForSelector('[data-testid="panel-table"] [data-testid="crud-empty"]', { visible: true });
        await page.click('[data-testid="panel-add"]');
        await page.waitForSelector('#panel-name', { visible: true });
        await page.waitForFunction(() => document.querySelectorAll('#panel-locationId option').length > 1);
        t.deepEqual(await seriousViolations(page), [], 'no serious or critical axe violations on the panel form');

        // Checked in the browser first: name, a place, slideshow times within 3..3600.
        await fill(page, '#panel-environmentSlideSeconds', '2');
        await page.click('[data-testid="form-save"]');
        await page.waitForSelector('[data-testid="panel-form"] .field.error');
        const marked = await page.$$eval('[data-testid="panel-form"] .field.error', (els) =>
          els.map((el) => el.querySelector('input,select')?.id ?? ''),
        );
        t.deepEqual(marked.sort(), ['panel-environmentSlideSeconds', 'panel-locationId', 'panel-name']);
        t.deepEqual(await api<PanelRow[]>('GET', '/room/dashboard/panels'), [], 'nothing sent');

        await fill(page, '#panel-name', 'Lobby screen');
        await page.select('#panel-locationId', String(location.id));
        await page.waitForFunction(() => document.querySelectorAll('#panel-floorId option').length > 1);
        await page.select('#panel-floorId', String(floor.id));
        await fill(page, '#panel-environmentSlideSeconds', '15');
        await fill(page, '#panel-bookingSlideSeconds', '20');
        await page.click('[data-testid="form-save"]');
        await waitForClosed(page, 'panel-form');
        const row = await rowWith(page, 'panel-table', 'Lobby screen');
        const text = await page.$eval(row, (el) => el.textContent ?? '');
        t.true(text.includes('Panel Tower') && text.includes('Seventh floor'), text);
        let panels = await api<PanelRow[]>('GET', '/room/dashboard/panels');
        t.is(panels.length, 1);
        t.like(panels[0], {
          name: 'Lobby screen',
          locationId: location.id,
          floorId: floor.id,
          environmentSlideSeconds: 15,
          bookingSlideSeconds: 20,
        });

        await page.click(`${row} [data-testid="row-edit"]`);
        await page.waitForFunction(
          () => (document.querySelector('#panel-name') as HTMLInputElement | null)?.value === 'Lobby screen',
        );
        t.is(
          await page.$eval('#panel-floorId', (el) => (el as HTMLSelectElement).value),
          String(floor.id),
          'the form opens with the saved floor',
        );
        await fill(page, '#panel-name', 'Lobby wall');
        await page.select('#panel-floorId', '');
        await fill(page, '#panel-bookingSlideSeconds', '3600');
        await page.click('[data-testid="form-save"]');
        await waitForClosed(page, 'panel-form');
        await rowWith(page, 'panel-table', 'Lobby wall');
        panels = await api<PanelRow[]>('GET', '/room/dashboard/panels');
        t.like(panels[0], {
          name: 'Lobby wall',
          locationId: location.id,
          floorId: null,
          environmentSlideSeconds: 15,
          bookingSlideSeconds: 3600,
        });

        // Deleted elsewhere meanwhile: the server's refusal is a toast.
        const other = await api<PanelRow>('POST', '/room/dashboard/panels', {
          name: 'Gone soon',
          locationId: location.id,
        });
        await page.reload();
        await waitForLayoutAndPanels(page);
        const gone = await rowWith(page, 'panel-table', 'Gone soon');
        await api('DELETE', `/room/dashboard/panels/${other.id}`);
        await closeToast(page);
        await page.click(`${gone} [data-testid="row-delete"]`);
        await page.waitForSelector('[data-testid="confirm-delete-yes"]', { visible: true });
        await page.click('[data-testid="confirm-delete-yes"]');
        await page.waitForSelector('[data-testid="toast"].negative', { visible: true });
        t.regex(await page.$eval('[data-testid="toast"]', (el) => el.textContent ?? ''), /not found|panel/i);
        await closeToast(page);

        const wall = await rowWith(page, 'panel-table', 'Lobby wall');
        await page.click(`${wall} [data-testid="row-delete"]`);
        await page.waitForSelector('[data-testid="confirm-delete"]', { visible: true });
        t.true(
          (await page.$eval('[data-testid="confirm-delete"]', (el) => el.textContent ?? '')).includes('Lobby wall'),
          'the dialog names what goes',
        );
        await page.click('[data-testid="confirm-delete-yes"]');
        await waitForNoRow(page, 'panel-table', 'Lobby wall');
        t.deepEqual(await api<PanelRow[]>('GET', '/room/dashboard/panels'), []);
        await page.waitForSelector('[data-testid="panel-table"] [data-testid="crud-empty"]', { visible: true });
      });
    },
  );
}

async function waitForLayoutAndPanels(page: Page): Promise<void> {
  await page.waitForSelector('.app-shell', { visible: true });
  await page.waitForSelector('[data-testid="panel-section"]', { visible: true });
}
