/**
 * Outgoing data (docs/product-rules.md R18.7): strings are trimmed recursively; `strict` also
 * removes punctuation and special characters, full-width ones included, for
 * the fields that ask for it.
 */
const STRICT =
  /[`~!@#$%^&*()+=|{}':;",\\[\].<>/?！￥…（）—【】‘’；：“”。，、？《》「」『』～·＠＃％＆＊＋＝｜｛｝＜＞／＼]/g;

export function cleanString(value: string, strict = false): string {
  const trimmed = value.trim();
  return strict ? trimmed.replace(STRICT, '') : trimmed;
}

export function trimDeep<T>(value: T, strict = false): T {
  if (typeof value === 'string') return cleanString(value, strict) as T;
  if (Array.isArray(value)) return value.map((v) => trimDeep(v, strict)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = trimDeep(v, strict);
    return out as T;
  }
  return value;
}
