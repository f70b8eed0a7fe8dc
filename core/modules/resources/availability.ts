/**
 * What a resource's `status`, `startDate` and `endDate` mean (docs/product-rules.md R3.6): status 1 is open
 * and the dates do nothing; status 0 disables it on the dates from `startDate` to `endDate` inclusive (an empty
 * bound leaves that side open), and without dates for good. The one reading of these fields: the booking rule,
 * the grid, the dashboard's open minutes and the resource edit guard all ask here. Imports nothing.
 */

/** The fields the reading needs, as the resource's owner publishes them. */
export interface StatusFields {
  status: number;
  startDate: string | null;
  endDate: string | null;
}

/** Dates (`YYYY-MM-DD`, inclusive) on which the status disables the resource; a null bound is open. */
export interface DisabledDates {
  from: string | null;
  to: string | null;
}

/** The dates the status disables the resource on, or null when it disables none (status 1). */
export function disabledDates(r: StatusFields): DisabledDates | null {
  if (Number(r.status) !== 0) return null;
  return { from: r.startDate || null, to: r.endDate || null };
}

/** Whether the resource's own status disables it on the date (`YYYY-MM-DD` in the resource's zone). */
export function isDisabledOn(r: StatusFields, date: string): boolean {
  const d = disabledDates(r);
  return d !== null && (d.from === null || date >= d.from) && (d.to === null || date <= d.to);
}
