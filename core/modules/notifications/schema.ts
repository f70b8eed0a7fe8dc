import { z } from 'zod';
import { PageQuery } from '../../db/paging.ts';
import { CalendarDate } from '../../http/validate.ts';
import { LANGS } from '../../i18n/index.ts';
import { TEMPLATE_EVENTS } from './events.ts';

export { IdParam } from '../../http/validate.ts';

export const TemplateList = PageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
  event: z.enum(TEMPLATE_EVENTS).optional(),
  lang: z.enum(LANGS).optional(),
});
export type TemplateList = z.infer<typeof TemplateList>;

export const TemplateUpdate = z.object({
  subject: z.string().trim().min(1).max(300),
  content: z.string().min(1).max(20_000),
});
export type TemplateUpdate = z.infer<typeof TemplateUpdate>;

export const TemplatePreview = z.object({
  event: z.enum(TEMPLATE_EVENTS),
  lang: z.enum(LANGS),
  /** Unsaved text to try; the stored template's when absent. */
  subject: z.string().max(300).optional(),
  content: z.string().max(20_000).optional(),
});
export type TemplatePreview = z.infer<typeof TemplatePreview>;

export const TemplateView = z.object({
  id: z.number(),
  event: z.string(),
  lang: z.string(),
  subject: z.string(),
  content: z.string(),
  updatedAt: z.number(),
});
export type TemplateView = z.infer<typeof TemplateView>;

export const RenderedView = z.object({ subject: z.string(), html: z.string(), text: z.string() });

const date = CalendarDate;

/** docs/product-rules.md R11.8: a custom notification needs a name, a recipient and a date. */
export const CustomInput = z.object({
  name: z.string().trim().min(1).max(100),
  recipient: z.string().trim().min(1).max(300).describe('* for everyone, or usernames separated by commas'),
  date,
  title: z.string().trim().max(100).nullable().optional(),
  content: z.string().max(5000).nullable().optional(),
});
export type CustomInput = z.infer<typeof CustomInput>;

export const CustomList = PageQuery.extend({ date: date.optional() });
export type CustomList = z.infer<typeof CustomList>;

export const CustomView = z.object({
  id: z.number(),
  name: z.string(),
  recipient: z.string(),
  date: z.string(),
  title: z.string().nullable(),
  content: z.string().nullable(),
  createdBy: z.number().nullable(),
  createdAt: z.number(),
});
export type CustomView = z.infer<typeof CustomView>;
