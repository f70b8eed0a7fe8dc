/** The dictionary item form (create, edit), checked by the server's DictInput rules. */
import { useTranslation } from 'react-i18next';
import { CrudForm, useCrudForm, type FieldDef, type Values } from '../../../../components/crud/index.ts';
import { useSaveDictMutation, type DictBody, type DictListItem } from '../../api.ts';

/** The server's code rule: letters, digits and _ . : - */
const CODE = /^[\w.:-]+$/;
const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

export function useDictForm({
  parentChoices,
  onSaved,
}: {
  /** The parents to offer: the top level and the item's own parent. */
  parentChoices: (values: Values, editing: DictListItem | null | undefined) => Array<{ value: number; text: string }>;
  onSaved: (saved: DictListItem, parentId: number | null) => void;
}) {
  const { t } = useTranslation('sys');
  const form = useCrudForm<DictListItem, DictBody>({
    save: useSaveDictMutation,
    idOf: (item) => item.id,
    fields: (values, editing): FieldDef[] => [
      { name: 'name', label: t('dic.name'), required: true, maxLength: 100 },
      {
        name: 'code',
        label: t('dic.code'),
        maxLength: 100,
        help: t('dic.codeHelp'),
        validate: (v) => (text(v) && !CODE.test(String(v).trim()) ? t('dic.badCode') : null),
      },
      { name: 'description', label: t('dic.description'), type: 'textarea', maxLength: 300 },
      {
        name: 'sort',
        label: t('dic.sort'),
        type: 'number',
        required: true,
        min: 1,
        max: 1_000_000,
        validate: (v) => (Number.isInteger(Number(v)) && Number(v) > 0 ? null : t('dic.sortPositive')),
      },
      {
        name: 'parentId',
        label: t('dic.parent'),
        type: 'select',
        options: parentChoices(values, editing),
        help: t('dic.parentHelp'),
      },
    ],
    toBody: (v) => ({
      name: String(v.name),
      code: text(v.code),
      description: text(v.description),
      sort: Number(v.sort),
      parentId: v.parentId === '' || v.parentId == null ? null : Number(v.parentId),
    }),
    onSaved: (answer) => {
      const saved = answer as DictListItem;
      onSaved(saved, saved.parentId);
    },
  });
  return form;
}

export function DictForm({
  form,
  title,
  onClose,
}: {
  form: ReturnType<typeof useDictForm>;
  title: string;
  onClose: () => void;
}) {
  return <CrudForm form={form} title={title} idPrefix="dict" testId="dict-form" onClose={onClose} />;
}
