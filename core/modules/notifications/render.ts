/**
 * Template rendering with handlebars. Content is HTML and every `{{value}}` is
 * HTML-escaped; the raw forms (`{{{x}}}`, `{{& x}}`) are refused when a template
 * is saved, so no booking subject can inject markup. Subjects are plain text
 * (a mail header, a chat title), so they are rendered without HTML escaping.
 */
import Handlebars from 'handlebars';
import { t, type Lang } from '../../i18n/index.ts';
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

/**
 * Why a template cannot be saved, in `lang`, or undefined when it compiles and escapes everything. Partials and
 * decorators compile but need parts registered from outside, and none are: a template using one would fail at
 * every send, so the notifications of its event would stop.
 */
export function templateProblem(source: string, lang: Lang): string | undefined {
  if (/\{\{\{|\{\{~?\s*&/.test(source)) return t(lang, 'notify.templateRaw');
  try {
    const outside = new OutsideParts();
    outside.accept(hb.parse(source));
    if (outside.found) return t(lang, outside.found.key, { name: outside.found.name });
    hb.precompile(source, { knownHelpersOnly: true });
    return undefined;
  } catch (err) {
    return (err as Error).message.split('\n')[0];
  }
}

/** Finds the first partial (`{{> name}}`, `{{#> name}}`) or decorator (`{{* name}}`, `{{#* name}}`), however nested. */
class OutsideParts extends Handlebars.Visitor {
  found?: { key: string; name: string };

  private note(key: string, name: hbs.AST.Node): void {
    const original = (name as { original?: unknown }).original;
    this.found ??= { key, name: original === undefined ? '…' : String(original) };
  }
  override PartialStatement(partial: hbs.AST.PartialStatement): void {
    this.note('notify.templatePartial', partial.name);
  }
  override PartialBlockStatement(partial: hbs.AST.PartialBlockStatement): void {
    this.note('notify.templatePartial', partial.name);
  }
  override Decorator(decorator: hbs.AST.Decorator): void {
    this.note('notify.templateDecorator', decorator.path);
  }
  override DecoratorBlock(decorator: hbs.AST.DecoratorBlock): void {
    this.note('notify.templateDecorator', decorator.path);
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

/**
 * Absolute addresses a template may link to (`<a href="{{links.bookings}}">`). Always under the configured public
 * address, never the Host a request came with: a mail must not point wherever the caller's header said.
 */
export interface TemplateLinks {
  console: string;
  bookings: string;
  approvals: string;
}

export function templateLinks(publicUrl: string): TemplateLinks {
  return {
    console: `${publicUrl}/`,
    bookings: `${publicUrl}/center/meeting`,
    approvals: `${publicUrl}/center/approve`,
  };
}

export function render(
  template: { subject: string; content: string },
  data: TemplateData,
  links: TemplateLinks,
): Rendered {
  const context = { ...data, links };
  const subject = compiled(
    template.subject,
    true,
  )(context)
    .replace(/[\r\n]+/g, ' ')
    .trim();
  const html = compiled(template.content, false)(context);
  return { subject, html, text: htmlToText(html) };
}
