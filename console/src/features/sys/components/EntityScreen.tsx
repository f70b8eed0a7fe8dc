/**
 * The generic list-and-form screen: a paged, searchable table from a list
 * endpoint, a form modal for create and edit (client checks, then the
 * server's field errors), a confirmed delete. Buttons follow permissions.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Header, Icon } from 'semantic-ui-react';
import { rawRequest } from '../../../app/http.ts';
import {
  ConfirmDelete,
  CrudTable,
  FormModal,
  RowButton,
  fieldErrorsOf,
  type Column,
  type FieldErrors,
} from '../../../components/crud/index.ts';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { useSysDeleteMutation, useSysListQuery, useSysSaveMutation, type Row } from '../api.ts';
import { checkFields, Fields, type FieldDef, type Values } from './Fields.tsx';
import { errorMessage, useCan, useToast } from './common.tsx';

export interface EntityConfig {
  /** API path of the list, e.g. /sys/groups. */
  path: string;
  /** Permission prefix, e.g. sys:group. */
  perm: string;
  title: string;
  /** data-testid of the table; the form is `${testId}-form`. */
  testId: string;
  columns: Column<Row>[];
  fields?: FieldDef[];
  nameOf: (row: Row) => string;
  /** Values of the form for a row (edit) or for a new item (null). */
  toForm?: (row: Row | null) => Values;
  toBody?: (values: Values, creating: boolean) => unknown;
  params?: Record<string, unknown>;
  noAdd?: boolean;
  noEdit?: boolean;
  noDelete?: boolean;
  canDelete?: (row: Row) => boolean;
  /** Read the item (GET path/id) before editing it. */
  loadOne?: boolean;
  /** Asked before editing or deleting a row; false stops (it shows why). */
  allowed?: (row: Row) => Promise<boolean>;
  /** The row's delete button label (e.g. Revoke). */
  deleteLabel?: string;
  rowActions?: (row: Row) => ReactNode;
  toolbar?: ReactNode;
  /** Below the list (e.g. a result panel). */
  children?: ReactNode;
  emptyText?: string;
  /** After a successful create (e.g. to show a secret once). */
  onCreated?: (answer: unknown) => void;
  /** Edit permission action name (default update). */
  editAction?: string;
  formSize?: 'tiny' | 'small' | 'large';
}

export function EntityScreen(cfg: EntityConfig) {
  const { t } = useTranslation('sys');
  usePageTitle(cfg.title);
  const can = useCan();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const { data, isFetching } = useSysListQuery({
    path: cfg.path,
    params: { page, pageSize: 20, ...(q ? { q } : {}), ...cfg.params },
  });
  const [save, saving] = useSysSaveMutation();
  const [remove, removing] = useSysDeleteMutation();
  const [editing, setEditing] = useState<Row | null | undefined>(undefined);
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [deleting, setDeleting] = useState<Row | null>(null);
  const creating = editing === null;
  const fields = cfg.fields ?? [];
  const tr = (k: string, o?: Record<string, unknown>) => String(t(k, o ?? {}));

  const open = async (row: Row | null) => {
    if (row && cfg.loadOne) {
      // The list's row may lack details (a group's members): read the item first.
      const res = await rawRequest('GET', `${cfg.path}/${row.id}`);
      if (res.body.code !== 0) return toast('error', res.body.msg || t('loadFailed'));
      row = { ...row, ...(res.body.data as Row) };
    }
    setValues(cfg.toForm ? cfg.toForm(row) : { ...(row ?? {}) });
    setErrors({});
    setEditing(row);
  };
  const submit = async () => {
    const errs = checkFields(fields, values, tr, creating);
    setErrors(errs);
    if (Object.keys(errs).length) return;
    const body = cfg.toBody ? cfg.toBody(values, creating) : values;
    const res = await save({ path: cfg.path, id: editing ? editing.id : null, body });
    if ('error' in res) {
      const fe = fieldErrorsOf(res.error);
      setErrors(Object.keys(fe).length ? fe : { _: errorMessage(res.error) });
      return;
    }
    toast('success', t('saved'));
    setEditing(undefined);
    if (creating) cfg.onCreated?.(res.data);
  };
  const guard = async (row: Row, then: () => void) => {
    if (!cfg.allowed || (await cfg.allowed(row))) then();
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    const res = await remove({ path: cfg.path, id: deleting.id });
    if (!('error' in res)) toast('success', t('deleted'));
    setDeleting(null);
  };

  const canAdd = !cfg.noAdd && fields.length > 0 && can(`${cfg.perm}:add`);
  const canEdit = !cfg.noEdit && fields.length > 0 && can(`${cfg.perm}:${cfg.editAction ?? 'update'}`);
  const canDel = !cfg.noDelete && can(`${cfg.perm}:delete`);
  const hasActions = canEdit || canDel || Boolean(cfg.rowActions);
  return (
    <div className="sys-screen">
      <Header as="h1" size="medium">
        {cfg.title}
      </Header>
      <CrudTable<Row>
        label={cfg.title}
        testId={cfg.testId}
        columns={cfg.columns}
        data={data}
        loading={isFetching}
        rowKey={(r) => r.id}
        page={page}
        onPage={setPage}
        onSearch={(s) => {
          setQ(s);
          setPage(1);
        }}
        emptyText={cfg.emptyText ?? t('empty')}
        toolbar={
          <>
            {canAdd && (
              <Button
                type="button"
                primary
                icon
                labelPosition="left"
                onClick={() => void open(null)}
                data-testid={`${cfg.testId}-add`}
              >
                <Icon name="plus" aria-hidden="true" />
                {t('add')}
              </Button>
            )}
            {cfg.toolbar}
          </>
        }
        actions={
          hasActions
            ? (row) => (
                <>
                  {canEdit && (
                    <RowButton
                      icon="edit"
                      label={`${t('edit')} ${cfg.nameOf(row)}`}
                      onClick={() => void guard(row, () => void open(row))}
                      testId="row-edit"
                    />
                  )}
                  {cfg.rowActions?.(row)}
                  {canDel && (cfg.canDelete?.(row) ?? true) && (
                    <RowButton
                      icon="trash"
                      negative
                      label={`${cfg.deleteLabel ?? t('delete')} ${cfg.nameOf(row)}`}
                      onClick={() => void guard(row, () => setDeleting(row))}
                      testId="row-delete"
                    />
                  )}
                </>
              )
            : undefined
        }
      />
      {cfg.children}
      {editing !== undefined && (
        <FormModal
          open
          title={creating ? `${t('add')}: ${cfg.title}` : `${t('edit')}: ${cfg.nameOf(editing)}`}
          onClose={() => setEditing(undefined)}
          onSubmit={() => void submit()}
          saving={saving.isLoading}
          errors={errors}
          testId={`${cfg.testId}-form`}
          size={cfg.formSize}
        >
          <Fields
            idPrefix={cfg.testId}
            fields={fields}
            values={values}
            errors={errors}
            creating={creating}
            onChange={(name, v) => setValues((old) => ({ ...old, [name]: v }))}
          />
        </FormModal>
      )}
      <ConfirmDelete
        name={deleting ? cfg.nameOf(deleting) : null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
        busy={removing.isLoading}
      />
    </div>
  );
}
