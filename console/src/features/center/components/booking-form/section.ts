import type { Dispatch } from 'react';
import type { FieldErrors } from '../../../../components/crud/index.ts';
import type { BookingDraft, DraftAction } from './draft.ts';

/** What every part of the booking form receives: the draft, its reducer's dispatch and the errors by field. */
export interface SectionProps {
  draft: BookingDraft;
  dispatch: Dispatch<DraftAction>;
  errors: FieldErrors;
}
