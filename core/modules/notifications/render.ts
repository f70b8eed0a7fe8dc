/**
 * Template rendering with handlebars. Content is HTML and every `{{value}}` is
 * HTML-escaped; the raw forms (`{{{x}}}`, `{{& x}}`) are refused when a template
 * is saved, so no booking subject can inject markup. Subjects are plain text
 * (a mail header, a chat title), so they are rendered without HTML escaping.
 */
import Handlebars from 'handlebars';
import type { TemplateData } from './events.ts';

const hb = Handlebars.create();
const cache = new Map<string, HandlebarsTemplateDelegate>();

function compiled(source: string, noEscape: boolean): HandlebarsTemplateDelegate {
  const key = `${noEscape ? 't' : 'h'}:${source}`;
  let fn = cache.get(key);
  if (!fn) {
    fn = hb.compile(source, { noEscape, strict: false, knownHelpersOnly: true });
    if (cache.size > 500) cache.clear();
    cache.set(key, fn);
  }
  return fn;
}

/** Why a template cannot be saved, or undefined when it compiles and escapes everything. */
export function templateProblem(source: string): string | undefined {
  if (/\{\{\{|\{\{~?\s*&/.test(source)) return 'raw output ({{{ }}} or {{& }}) is not allowed';
  try {
    hb.precompile(source, { knownHelpersOnly: true });
    return undefined;
  } catch (err) {
    return (err as Error).message.split('\n')[0];
  }
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
  '&#x3D;': '=',
  '&#x60;': '`',
  '&nbsp;': ' ',
};

/** Plain text of the HTML body, for chat channels and the text/plain part of mails. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h\d|tr)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|nbsp|#x27|#39|#x3D|#x60);/g, (e) => ENTITIES[e] ?? e)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export interface Rendered {
  subject: string;
  html: string;
  text: string;
}

export function render(template: { subject: string; content: string }, data: TemplateData): Rendered {
  const subject = compiled(
    template.subject,
    true,
  )(data)
    .replace(/[\r\n]+/g, ' ')
    .trim();
  const html = compiled(template.content, false)(data);
  return { subject, html, text: htmlToText(html) };
}
