/**
 * E-ink door labels on an OpenEPaperLink access point (https://github.com/OpenEPaperLink/OpenEPaperLink), through
 * the HTTP API its firmware serves on the local network, as its wiki documents it
 * (https://github.com/OpenEPaperLink/OpenEPaperLink/wiki/Image-upload):
 *
 * - `POST /imgupload`, multipart form data: `mac` (the tag, hex as the AP lists it), `dither` (`0`: none, the
 *   label is black text on white) and the image as the `file` part, a JPEG at the tag's resolution. The AP answers
 *   200 "Ok, saved", 400 "parameters incomplete" or "mac not found", 409 "Come back later" while it is busy or not
 *   running; the tag fetches its image at its next check-in (about every 40 s);
 * - `GET /get_db?pos=N` lists the tags (`tags`: `mac`, `alias`, `hwType`, ...), a page at a time: `continu` names
 *   the position of the next page when there is one;
 * - `GET /tagtypes/XX.json` (XX the hwType in upper-case hex) describes a tag type: `width` and `height` in
 *   pixels, landscape as the tag is read.
 *
 * The core draws each label (docs/product-rules.md R20.4, SDK 1.2 `LabelContent.image`) and hands its pixels as
 * raw RGBA besides the PNG: this provider encodes them as the baseline JPEG the AP takes with jpeg-js (pure
 * JavaScript, no native codec), at a high quality so the black text stays sharp after the AP's own conversion.
 * Devices in Atrium name a tag by its MAC in their identifier (colons and dashes allowed, any case).
 */
import jpeg from 'jpeg-js';
import { definePlugin, PluginHttpError, z } from '../../core/plugin-sdk/index.ts';

export const Settings = z.object({
  url: z.url({ protocol: /^https?$/ }).describe('address of the access point on the local network (http://host)'),
  timeoutMs: z.coerce
    .number()
    .int()
    .min(1000)
    .max(30_000)
    .default(10_000)
    .describe('milliseconds to wait for the access point to answer'),
});
export type Settings = z.infer<typeof Settings>;

/** A tag as `/get_db` lists it (the fields used here). */
interface Tag {
  mac: string;
  alias?: string;
  hwType?: number;
}

/** The AP's form of a tag's MAC: hex digits only, upper case. */
export const macOf = (id: string) => id.replace(/[^0-9a-f]/gi, '').toUpperCase();

/** JPEG quality: high, the label is text. */
const QUALITY = 90;
/** Pages of `/get_db` read at most (the AP answers about 5 kB a page). */
const MAX_PAGES = 100;

export default definePlugin({
  id: 'eink-openepaperlink',
  kind: 'eink',
  names: { cn: 'OpenEPaperLink 墨水屏', en: 'OpenEPaperLink labels', ja: 'OpenEPaperLink 電子ペーパー' },
  settings: Settings,
  endpoints: ['url'],
  timeoutMs: 35_000,
  create(ctx) {
    const { url, timeoutMs } = ctx.settings;
    /** Tag types' sizes by hwType, as the AP described them. */
    const types = new Map<number, Promise<{ width: number; height: number } | null>>();

    async function call(path: string, init: RequestInit = {}): Promise<Response> {
      const target = new URL(path, url);
      const res = await ctx.http.fetch(target, { ...init, redirect: 'manual', timeoutMs }).catch((err: unknown) => {
        const what = err instanceof Error || err instanceof DOMException ? err.message : String(err);
        throw new Error(`OpenEPaperLink access point (${target.host}) unreachable: ${what}`, { cause: err });
      });
      if (!res.ok) throw new PluginHttpError(res.status, (await res.text()).trim(), target.href);
      return res;
    }

    async function tags(): Promise<Tag[]> {
      const all: Tag[] = [];
      let pos: number | undefined = 0;
      for (let page = 0; pos !== undefined && page < MAX_PAGES; page++) {
        const body = (await (await call(`/get_db?pos=${pos}`)).json()) as { tags?: Tag[]; continu?: number };
        all.push(...(body.tags ?? []));
        pos = typeof body.continu === 'number' && body.continu > pos ? body.continu : undefined;
      }
      return all;
    }

    function sizeOf(hwType: number | undefined) {
      if (typeof hwType !== 'number') return Promise.resolve(null);
      let size = types.get(hwType);
      if (!size) {
        const file = hwType.toString(16).toUpperCase().padStart(2, '0');
        size = call(`/tagtypes/${file}.json`)
          .then(async (res) => {
            const t = (await res.json()) as { width?: unknown; height?: unknown };
            return typeof t.width === 'number' && typeof t.height === 'number'
              ? { width: t.width, height: t.height }
              : null;
          })
          .catch((err: unknown) => {
            types.delete(hwType);
            ctx.logger.warn({ hwType, err: (err as Error).message }, 'tag type not described by the access point');
            return null;
          });
        types.set(hwType, size);
      }
      return size;
    }

    return {
      async listLabels() {
        return Promise.all(
          (await tags()).map(async (tag) => {
            const size = await sizeOf(tag.hwType);
            return { id: tag.mac, name: tag.alias?.trim() || tag.mac, ...(size ?? {}) };
          }),
        );
      },
      async update(content) {
        const image = content.image;
        if (!image) throw new Error('no label image: this provider needs the core to draw labels (SDK 1.2)');
        const mac = macOf(content.labelId);
        if (!mac) throw new Error(`label "${content.labelId}" is not a tag's MAC address`);
        const encoded = jpeg.encode(
          { data: Buffer.from(image.rgba), width: image.width, height: image.height },
          QUALITY,
        );
        const form = new FormData();
        form.set('mac', mac);
        form.set('dither', '0');
        form.set('file', new Blob([new Uint8Array(encoded.data)], { type: 'image/jpeg' }), `${mac}.jpg`);
        await call('/imgupload', { method: 'POST', body: form });
      },
      async health() {
        const list = await tags();
        return { ok: true, detail: `${list.length} tag(s) known to the access point` };
      },
    };
  },
});
