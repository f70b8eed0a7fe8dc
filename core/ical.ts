/**
 * The RFC 5545 text primitives the booking feed and the notification invitations share. Subjects, remarks and
 * guest names come from users: a line break or another control character left in them would start a content
 * line of the user's choosing (an extra ATTENDEE, an ATTACH link), so every value goes through one of these.
 */

/** Control characters a content line may not hold (§3.1); HTAB is allowed, line breaks are handled apart. */
const CONTROLS = /[^\P{Cc}\t\n]/gu;

/** A TEXT value: line breaks (CRLF, LF, bare CR) become `\n`, other controls go, `\ ; ,` are escaped (§3.3.11). */
export const icalText = (s: string) =>
  s
    .replace(/\r\n?/g, '\n')
    .replace(CONTROLS, '')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\n/g, '\\n');

/** A quoted parameter value (CN=...): one line, no controls, no double quote (§3.2 has no escape for them). */
export const icalParam = (s: string) => `"${s.replace(/\p{Cc}+/gu, ' ').replace(/"/g, "'")}"`;

/** A mailto: address as a CAL-ADDRESS value: nothing that could end the line or the value. */
export const icalMailto = (email: string) => `mailto:${email.replace(/[\s\p{Cc}]/gu, '')}`;

/** A UTC DATE-TIME: 20270312T090000Z. */
export const icalUtc = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Folds a content line at 75 octets (§3.1), never inside a UTF-8 character. */
export function icalFold(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    if (bytes + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join('\r\n ');
}
