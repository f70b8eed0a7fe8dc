/** The modal of a useCrudForm while it is open: its fields (ids `#<idPrefix>-<field>`), errors and save. */
import { Fields } from './Fields.tsx';
import { FormModal } from './FormModal.tsx';
import type { useCrudForm } from './useCrudForm.ts';

export function CrudForm<Row, Body>({
  form,
  title,
  idPrefix,
  testId,
  onClose,
  size,
}: {
  form: ReturnType<typeof useCrudForm<Row, Body>>;
  title: string;
  idPrefix: string;
  testId: string;
  onClose: () => void;
  size?: 'tiny' | 'small' | 'large';
}) {
  if (form.editing === undefined) return null;
  return (
    <FormModal
      open
      title={title}
      onClose={onClose}
      onSubmit={() => void form.submit()}
      saving={form.saving}
      errors={form.errors}
      testId={testId}
      size={size}
    >
      <Fields
        idPrefix={idPrefix}
        fields={form.fields}
        values={form.values}
        errors={form.errors}
        creating={form.creating}
        onChange={form.set}
      />
    </FormModal>
  );
}
