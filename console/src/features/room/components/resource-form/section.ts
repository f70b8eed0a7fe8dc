import type { Dispatch } from 'react';
import type { FieldErrors } from '../../../../components/crud/index.ts';
import type { DraftAction, ResourceDraft } from './draft.ts';

/** What every part of the resource form receives: the draft, its reducer's dispatch and the errors. */
export interface SectionProps {
  draft: ResourceDraft;
  dispatch: Dispatch<DraftAction>;
  errors: FieldErrors;
}
