/**
 * An e-ink door label drawn by the server (docs/product-rules.md R20.4): an SVG at the label's size, rasterised by
 * resvg with the system's fonts (Noto Sans CJK for Chinese and Japanese, DejaVu Sans besides), black on white.
 * What it shows: the room's name, the meeting under way and the next one of the day, and when the room is next
 * free. Pure: the caller reads the day and the texts.
 */
import { renderAsync } from '@resvg/resvg-js';
import { t, type Lang } from '../../i18n/index.ts';
import type { LabelImage } from '../../plugin-sdk/index.ts';

/** The common 2.9" tag, landscape: the size drawn at when the provider names none. */
export const DEFAULT_LABEL_SIZE = { width: 296, height: 128 } as const;

export interface LabelMeeting {
  /** As a bystander sees it: null when others' subjects are hidden. */
  subject: string | null;
  startTime: string;
  endTime: string;
}

export interface LabelSpec {
  lang: Lang;
  roomName: string;
  current: LabelMeeting | null;
  next: LabelMeeting | null;
  /** HH:mm when the room is next free, 'now' when it is free, null when not again today. */
  freeFrom: string | 'now' | null;
  width: number;
  height: number;
}

/** Font families by language: the CJK face of the language first, so shared characters take its shapes. */
const FAMILIES: Record<Lang, string> = {
  cn: "'Noto Sans CJK SC', 'Noto Sans CJK JP', 'DejaVu Sans', sans-serif",
  ja: "'Noto Sans CJK JP', 'Noto Sans CJK SC', 'DejaVu Sans', sans-serif",
  en: "'DejaVu Sans', 'Noto Sans CJK SC', sans-serif",
};

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** Rough advance of a character in em: wide (CJK, full-width) 1, else about 0.6. */
const advance = (ch: string) =>
  /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60]/u.test(ch) ? 1 : 0.6;

/** `text` cut with an ellipsis to fit `width` pixels at `size`. */
export function fit(text: string, size: number, width: number): string {
  const chars = [...text];
  let used = 0;
  for (const [i, ch] of chars.entries()) {
    used += advance(ch) * size;
    if (used > width) return `${chars.slice(0, Math.max(0, i - 1)).join('')}…`;
  }
  return text;
}

const meetingLine = (lang: Lang, label: string, m: LabelMeeting) =>
  `${t(lang, label)} ${m.startTime}–${m.endTime} ${m.subject ?? t(lang, 'eink.booked')}`;

/** The label as SVG: four lines scaled to the label's height, each cut to its width. */
export function labelSvg(spec: LabelSpec): string {
  const { width: w, height: h, lang } = spec;
  const pad = Math.max(4, Math.round(h * 0.05));
  const title = Math.round(h * 0.19);
  const body = Math.round(h * 0.13);
  const inner = w - 2 * pad;
  const lines: Array<{ y: number; size: number; text: string; bold?: boolean }> = [
    { y: pad + title, size: title, text: spec.roomName, bold: true },
  ];
  const ruleY = pad + title + Math.round(h * 0.07);
  const row = (i: number) => ruleY + Math.round(h * 0.05) + body + i * Math.round(body * 1.45);
  lines.push({
    y: row(0),
    size: body,
    text: spec.current ? meetingLine(lang, 'eink.now', spec.current) : t(lang, 'eink.freeNow'),
    bold: true,
  });
  lines.push({
    y: row(1),
    size: body,
    text: spec.next ? meetingLine(lang, 'eink.next', spec.next) : t(lang, 'eink.noMore'),
  });
  if (spec.current)
    lines.push({
      y: row(2),
      size: body,
      text: spec.freeFrom === null ? t(lang, 'eink.busyToday') : t(lang, 'eink.freeFrom', { time: spec.freeFrom }),
    });
  const family = FAMILIES[lang];
  const texts = lines
    .map(
      (l) =>
        `<text x="${pad}" y="${l.y}" font-size="${l.size}"${l.bold ? ' font-weight="bold"' : ''}>` +
        `${escapeXml(fit(l.text, l.size, inner))}</text>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<rect width="${w}" height="${h}" fill="#fff"/>` +
    `<rect x="${pad}" y="${ruleY - 1}" width="${inner}" height="2" fill="#000"/>` +
    `<g font-family="${family.replace(/"/g, '&quot;')}" fill="#000">${texts}</g></svg>`
  );
}

/**
 * Draws the label, off the event loop (resvg's worker threads). `systemFonts: false` draws without any font (text
 * left out): tests compare with it. Loading the system's fonts takes about 0.2 s, once per label drawn, and a label
 * is drawn at most once every 30 s.
 */
export async function renderLabel(spec: LabelSpec, { systemFonts = true } = {}): Promise<LabelImage> {
  const rendered = await renderAsync(labelSvg(spec), {
    fitTo: { mode: 'original' },
    background: '#ffffff',
    font: { loadSystemFonts: systemFonts, defaultFontFamily: spec.lang === 'en' ? 'DejaVu Sans' : 'Noto Sans CJK SC' },
  });
  return {
    png: new Uint8Array(rendered.asPng()),
    rgba: new Uint8Array(rendered.pixels),
    width: rendered.width,
    height: rendered.height,
  };
}
