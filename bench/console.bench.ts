/**
 * The console's figures: the JavaScript a first visit downloads (gzip), and, in
 * Chromium when it is installed, the time from navigation to an interactive
 * reserve page with 200 rooms and the frame time while panning a floor plan of
 * 1,000 desks. Needs a built console (`npm run build`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'puppeteer-core';
import { createPlace, createResource } from '../test/helpers/places-fixture.ts';
import { createUser } from '../test/helpers/users.ts';
import { hasChromium, launchBrowser, newPage, startConsoleApp, STATIC_DIR } from '../test/browser/helpers.ts';
import { signInAs } from '../test/browser/center-helpers.ts';
import { median, percentile } from './stats.ts';

export const title = 'Console: initial download, reserve page, floor-plan panning';

/** The entry script and the modules it preloads: what the browser fetches before anything lazy. */
function initialJs(): { files: string[]; gzipKb: number; rawKb: number; cssGzipKb: number } {
  const html = fs.readFileSync(path.join(STATIC_DIR, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map(
    (m) => m[1]!,
  );
  const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+\.css)"/g)].map((m) => m[1]!);
  const size = (list: string[], gz: boolean) =>
    list.reduce((sum, ref) => {
      const data = fs.readFileSync(path.join(STATIC_DIR, ref.replace(/^\//, '')));
      return sum + (gz ? gzipSync(data, { level: 9 }).length : data.length);
    }, 0);
  return {
    files: refs,
    gzipKb: Math.round(size(refs, true) / 102.4) / 10,
    rawKb: Math.round(size(refs, false) / 102.4) / 10,
    cssGzipKb: Math.round(size(css, true) / 102.4) / 10,
  };
}

export async function run(): Promise<Record<string, unknown>> {
  if (!fs.existsSync(path.join(STATIC_DIR, 'index.html')))
    return { note: 'console not built: run `npm run build` first' };
  const js = initialJs();
  const figures: Record<string, unknown> = {
    'initial JS, gzip KB (goal < 300)': js.gzipKb,
    'initial JS, raw KB': js.rawKb,
    'initial CSS, gzip KB': js.cssGzipKb,
    'initial JS files': js.files.length,
  };
  if (!hasChromium) return { ...figures, browser: 'n/a (Chromium not installed)' };

  const app = await startConsoleApp();
  const { browser, close } = await launchBrowser();
  try {
    const rooms = await createPlace(app);
    for (let i = 0; i < 200; i++)
      await createResource(app, rooms, { name: `Room ${String(i + 1).padStart(3, '0')}`, capacity: 4 + (i % 12) });
    const desks = await createPlace(app);
    const { db } = app.cradle;
    await db('resources').where({ floor_id: desks.floorId }).del();
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      name: `D-${i + 1}`,
      type: 1,
      capacity: 1,
      location_id: desks.locationId,
      floor_id: desks.floorId,
      time_zone: 'UTC',
      status: 1,
      pos_x: 20 + (i % 40) * 28,
      pos_y: 20 + Math.floor(i / 40) * 30,
      sort: i,
      created_at: Date.now(),
      updated_at: Date.now(),
    }));
    for (let i = 0; i < rows.length; i += 200) await db('resources').insert(rows.slice(i, i + 200));
    await createUser(app, 'bench');

    const { page } = await newPage(browser);
    await page.setViewport({ width: 1440, height: 900 });
    await signInAs(page, app, 'bench');
    const loads: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      await page.goto(`${app.url}/center/reserve`);
      await page.waitForSelector('[role="gridcell"][aria-label^="Room 200 "]', { timeout: 60_000 });
      loads.push(performance.now() - started);
    }
    figures['reserve page with 200 rooms: navigation to interactive, median / max ms'] = {
      median: Math.round(median(loads)),
      max: Math.round(Math.max(...loads)),
    };

    // The floor-plan page opens on the first location: leave only the desks' one.
    await db('resources').where({ location_id: rooms.locationId }).del();
    await db('floors').where({ location_id: rooms.locationId }).del();
    await db('locations').where({ id: rooms.locationId }).del();
    await page.goto(`${app.url}/center/reservedesk`);
    await page.waitForSelector('.fp-stage svg', { timeout: 60_000 });
    const frames = await panAndMeasure(page);
    figures['floor plan of 1,000 desks: frame time while panning, median / p95 ms'] = frames;
  } catch (err) {
    figures.browser = `failed: ${(err as Error).message}`;
  } finally {
    await close();
    await app.stop();
  }
  return figures;
}

/** Drags the plan in small steps and records the time between animation frames meanwhile. */
async function panAndMeasure(page: Page): Promise<{ marks: number; median: number; p95: number } | string> {
  const marks = (await page.evaluate("document.querySelectorAll('g.fp-marks > *').length")) as number;
  const box = await (await page.$('.fp-stage svg'))!.boundingBox();
  if (!box) return 'n/a (plan not visible)';
  // Passed as text: functions compiled by tsx carry helpers that do not exist in the page.
  await page.evaluate(`(() => {
    window.__frames = []; window.__stop = false; let last = performance.now();
    const tick = (now) => { window.__frames.push(now - last); last = now; if (!window.__stop) requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  })()`);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 0; i < 60; i++)
    await page.mouse.move(x + Math.sin(i / 6) * 200, y + Math.cos(i / 6) * 120, { steps: 2 });
  await page.mouse.up();
  const deltas = (await page.evaluate(
    '(() => { window.__stop = true; return window.__frames.slice(1); })()',
  )) as number[];
  return { marks, median: median(deltas), p95: percentile(deltas, 95) };
}
