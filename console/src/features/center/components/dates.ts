/** Calendar helpers in the browser's zone (the grid's dates are wall-clock dates). */
export function today(): string {
  return isoDate(new Date());
}

export function isoDate(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return isoDate(new Date(y!, m! - 1, d! + days));
}

export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h! * 60 + m!;
}

export function timeOf(minutes: number): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(Math.floor(minutes / 60))}:${p(minutes % 60)}`;
}

/** Times of a day on a step, for the inquiry pickers. */
export function timeOptions(step: number, from = 0, to = 24 * 60): string[] {
  const out: string[] = [];
  for (let m = from; m <= to; m += step) out.push(timeOf(m));
  return out;
}
