/** A domain's messages: the same keys in each language (a test checks the parity). */
export interface MessageSet {
  cn: Record<string, string>;
  en: Record<string, string>;
  ja: Record<string, string>;
}
