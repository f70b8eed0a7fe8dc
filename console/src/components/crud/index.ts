/** Shared CRUD widgets: a paged, searchable table, a form modal with server field errors, a confirm-before-delete dialog. */
export { CrudTable, RowButton, type Column, type Page } from './CrudTable.tsx';
export { FormModal, errorFor, fieldErrorsOf, type FieldError, type FieldErrors } from './FormModal.tsx';
export { ConfirmDelete } from './ConfirmDelete.tsx';
