/** A provider's settings form derived from its JSON Schema: fields, defaults and checks. */
import type { FieldDef, Values } from '../../../components/crud/index.ts';
import type { ProviderInfo as Provider } from '../api.ts';

export interface JsonSchema {
  type?: string | string[];
  title?: string | Record<string, string>;
  'x-title'?: Record<string, string>;
  'x-titles'?: Record<string, string>;
  description?: string | Record<string, string>;
  enum?: Array<string | number>;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
  writeOnly?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
}

/** The provider's settings as the JSON Schema the server derives from its plugin definition. */
const schemaOf = (p: Provider) => p.settingsSchema as JsonSchema;

const pick = (texts: string | Record<string, string> | undefined, lang: string): string | undefined =>
  typeof texts === 'string' ? texts : texts ? (texts[lang] ?? texts.en ?? Object.values(texts)[0]) : undefined;

const typeOf = (s: JsonSchema): string =>
  Array.isArray(s.type) ? (s.type.find((x) => x !== 'null') ?? 'string') : (s.type ?? 'string');

export function isSecretField(p: Provider, name: string): boolean {
  const s = schemaOf(p).properties?.[name];
  return p.secrets.includes(name) || Boolean(s?.writeOnly) || s?.format === 'password';
}

/** The form fields; `fallbackLabel` names a field the schema gives no title for. */
export function schemaFields(
  p: Provider,
  lang: string,
  fallbackLabel: (name: string) => string,
  secretsSet: Record<string, boolean>,
  texts: { set: string; notSet: string },
): FieldDef[] {
  const props = schemaOf(p).properties ?? {};
  const required = schemaOf(p).required ?? [];
  return Object.entries(props).map(([name, s]) => {
    const label = pick(s.title, lang) ?? pick(s['x-titles'], lang) ?? pick(s['x-title'], lang) ?? fallbackLabel(name);
    const help = pick(s.description, lang);
    const secret = isSecretField(p, name);
    const type = typeOf(s);
    const base: FieldDef = { name, label, help, required: required.includes(name) && !(secret && secretsSet[name]) };
    if (secret) return { ...base, type: 'password', placeholder: secretsSet[name] ? texts.set : texts.notSet };
    if (s.enum) return { ...base, type: 'select', options: s.enum.map((v) => ({ value: v, text: String(v) })) };
    if (type === 'boolean') return { ...base, type: 'checkbox', required: false };
    if (type === 'integer' || type === 'number') {
      const min =
        s.minimum ??
        (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (type === 'integer' ? 1 : Number.EPSILON) : undefined);
      const max =
        s.maximum ??
        (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (type === 'integer' ? 1 : Number.EPSILON) : undefined);
      return {
        ...base,
        type: 'number',
        min,
        max: max !== undefined && max < Number.MAX_SAFE_INTEGER ? max : undefined,
      };
    }
    if (type === 'array' || type === 'object')
      return { ...base, type: 'textarea', help: [help, 'JSON'].filter(Boolean).join(' · ') };
    return { ...base, type: 'text', maxLength: s.maxLength };
  });
}

/** Extra schema checks the generic field checks lack: integers, minLength, patterns, URLs, JSON. */
export function schemaErrors(
  p: Provider,
  values: Values,
  texts: {
    integer: string;
    minLength: (n: number) => string;
    pattern: string;
    url: string;
    json: string;
    email: string;
  },
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, s] of Object.entries(schemaOf(p).properties ?? {})) {
    const v = values[name];
    if (v === undefined || v === null || v === '') continue;
    const type = typeOf(s);
    if (type === 'integer' && !Number.isInteger(Number(v))) out[name] = texts.integer;
    else if (typeof v === 'string' && s.minLength && v.length < s.minLength) out[name] = texts.minLength(s.minLength);
    else if (typeof v === 'string' && s.pattern && !new RegExp(s.pattern).test(v)) out[name] = texts.pattern;
    else if (typeof v === 'string' && s.format === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v))
      out[name] = texts.email;
    else if (typeof v === 'string' && s.format === 'uri' && !/^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(v))
      out[name] = texts.url;
    else if ((type === 'array' || type === 'object') && typeof v === 'string') {
      try {
        JSON.parse(v);
      } catch {
        out[name] = texts.json;
      }
    }
  }
  return out;
}

/** Initial values: saved settings over schema defaults; secrets empty. */
export function initialValues(p: Provider, saved: Record<string, unknown>): Values {
  const out: Values = {};
  for (const [name, s] of Object.entries(schemaOf(p).properties ?? {})) {
    if (isSecretField(p, name)) {
      out[name] = '';
      continue;
    }
    const v = saved[name] ?? s.default;
    out[name] = v !== undefined && v !== null && typeof v === 'object' ? JSON.stringify(v) : v;
  }
  return out;
}

/** The settings to send: typed values; secrets only when typed (left out keeps the saved one). */
export function settingsBody(p: Provider, values: Values): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, s] of Object.entries(schemaOf(p).properties ?? {})) {
    const v = values[name];
    if (isSecretField(p, name)) {
      if (v) out[name] = v;
      continue;
    }
    if (v === undefined || v === '') continue;
    const type = typeOf(s);
    if ((type === 'array' || type === 'object') && typeof v === 'string') {
      try {
        out[name] = JSON.parse(v);
      } catch {
        out[name] = v;
      }
    } else if (type === 'integer' || type === 'number') out[name] = Number(v);
    else out[name] = v;
  }
  return out;
}
