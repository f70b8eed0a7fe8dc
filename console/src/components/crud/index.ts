/** Shared CRUD widgets: the list-and-form screen, its paged table, its form modal and fields, the confirm-before-delete dialog. */
export { CrudScreen, type CrudScreenProps } from './CrudScreen.tsx';
export { CrudForm } from './CrudForm.tsx';
export { CrudTable, RowButton, type Column, type Page } from './CrudTable.tsx';
export { FormModal, errorFor, fieldErrorsOf, type FieldError, type FieldErrors } from './FormModal.tsx';
export { ConfirmDelete } from './ConfirmDelete.tsx';
export { Fields } from './Fields.tsx';
export { checkFields, EMAIL_RE, isEmpty, type FieldDef, type Translate, type Values } from './fields.ts';
export { useDraft, draftReducer, type DraftAction, type DraftControls } from './draft.ts';
export type { Collection, ListHook, ListState, Outcome, PageArgs, RemoveHook, SaveArgs, SaveHook } from './hooks.ts';
export { useCrudForm } from './useCrudForm.ts';
