/**
 * The list-and-form screen every simple administration screen is: a paged,
 * searchable table from a list endpoint, a form for create and edit (the
 * browser's checks, then the server's field errors), a delete after asking.
 * Buttons follow the permissions `<perm>:add|update|delete`. Test ids and
 * element ids derive from `name`: `<name>-table`, `<name>-add`,
 * `<name>-form`, and `#<name>-<field>` for each field.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon } from 'semantic-ui-react';
import { useCan, useToast, type Allowance } from '../../app/hooks.ts';
import { ScreenFrame } from '../ScreenFrame.tsx';
import { ConfirmDelete } from './ConfirmDelete.tsx';
import { CrudForm } from './CrudForm.tsx';
import { CrudTable, RowButton, type Column } from './CrudTable.tsx';
import type { FieldDef, Values } from './fields.ts';
import type { Collection, PageArgs, RemoveHook } from './hooks.ts';
import { useCrudForm } from './useCrudForm.ts';
import './texts.ts';

export interface CrudScreenProps<Row, Args extends PageArgs, Body> {
  name: string;
  title: string;
  /** Permission prefix (room:building → room:building:add, …:update, …:delete), or the three codes. */
  perm: string | { add: Allowance; update: Allowance; delete: Allowance };
  /** The area's typed endpoints (api.ts). */
  source: Collection<Row, Args, Body>;
  /** Filters sent beside page, pageSize and q. */
  query?: Omit<Args, keyof PageArgs>;
  columns: Column<Row>[];
  fields?: FieldDef[] | ((values: Values) => FieldDef[]);
  nameOf: (row: Row) => string;
  rowKey?: (row: Row) => number | string;
  toForm?: (row: Row | null) => Values;
  toBody?: (values: Values, creating: boolean) => Body;
  load?: (row: Row) => Promise<Row | null>;
  /** Asked before editing or deleting a row; false stops (it shows why). */
  allowed?: (row: Row) => Promise<boolean>;
  /** A form of its own instead of the fields (the resource form). */
  editor?: (props: { id: number | null; onClose: () => void }) => ReactNode;
  onCreated?: (answer: unknown) => void;
  onDeleted?: (row: Row) => void;
  noAdd?: boolean;
  noEdit?: boolean;
  canDelete?: (row: Row) => boolean;
  deleteLabel?: string;
  addLabel?: string;
  /** The form's title; `<add>: <title>` or `<edit>: <name>` by default. */
  formTitle?: (row: Row | null) => string;
  savedText?: string;
  rowActions?: (row: Row) => ReactNode;
  /** Beside the search box; given the search text when it is a function (an export of what is shown). */
  toolbar?: ReactNode | ((q: string) => ReactNode);
  /** Below the list (a result panel, a floor plan); given the rows shown when it is a function. */
  children?: ReactNode | ((rows: Row[]) => ReactNode);
  emptyText?: string;
  search?: boolean;
  pageSize?: number;
  /** How often to read the list again, from what it shows (0: never). */
  pollEvery?: (rows: Row[]) => number;
  formSize?: 'tiny' | 'small' | 'large';
  /** A part of a bigger screen: an h2 and no frame of its own. */
  embedded?: boolean;
  /** A sentence under the heading. */
  description?: string;
}

const idOf = (row: unknown) => (row as { id: number }).id;

/** The code of one of a screen's own actions, `<section>:<screen>` + `:add`. */
const screenCode = (screen: string, action: 'add' | 'update' | 'delete') => `${screen}:${action}` as Allowance;

export function CrudScreen<Row, Args extends PageArgs, Body>(p: CrudScreenProps<Row, Args, Body>) {
  const { t } = useTranslation('crud');
  const can = useCan();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  // Other filters show their first page, as a new search does.
  const filters = JSON.stringify(p.query ?? {});
  const [shownFilters, setShownFilters] = useState(filters);
  if (filters !== shownFilters) {
    setShownFilters(filters);
    setPage(1);
  }
  const [pollingInterval, setPolling] = useState(0);
  const args = { ...p.query, page, pageSize: p.pageSize ?? 20, ...(q ? { q } : {}) } as Args;
  const { data, isFetching } = p.source.list(args, { pollingInterval });
  const every = p.pollEvery?.(data?.items ?? []) ?? 0;
  if (every !== pollingInterval) setPolling(every);
  const [remove, removing] = (p.source.remove ?? NO_REMOVE)();
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [editorId, setEditorId] = useState<number | null | undefined>(undefined);
  const fieldsOf = (v: Values) => (typeof p.fields === 'function' ? p.fields(v) : (p.fields ?? []));
  const form = useCrudForm<Row, Body>({
    ...p,
    save: p.source.save,
    fields: fieldsOf,
    idOf,
    onSaved: (answer, creating) => creating && p.onCreated?.(answer),
  });
  const hasForm = Boolean(p.editor) || fieldsOf({}).length > 0;
  const codes =
    typeof p.perm === 'string'
      ? { add: screenCode(p.perm, 'add'), update: screenCode(p.perm, 'update'), delete: screenCode(p.perm, 'delete') }
      : p.perm;
  const canAdd = !p.noAdd && hasForm && can(codes.add);
  const canEdit = !p.noEdit && hasForm && can(codes.update);
  const canDel = Boolean(p.source.remove) && can(codes.delete);
  const open = (row: Row | null) => (p.editor ? setEditorId(row ? idOf(row) : null) : void form.open(row));
  const guard = async (row: Row, then: () => void) => {
    if (!p.allowed || (await p.allowed(row))) then();
  };
  const confirmDelete = async () => {
    const row = deleting;
    if (row === null) return;
    const res = await remove(idOf(row));
    setDeleting(null);
    if ('error' in res) return;
    toast('success', t('deleted'));
    p.onDeleted?.(row);
  };

  const body = (
    <>
      {p.description && <p className="muted">{p.description}</p>}
      <CrudTable<Row>
        label={p.title}
        testId={`${p.name}-table`}
        columns={p.columns}
        data={data}
        loading={isFetching && !data}
        rowKey={p.rowKey ?? idOf}
        page={page}
        onPage={setPage}
        onSearch={
          p.search === false
            ? undefined
            : (s) => {
                setQ(s);
                setPage(1);
              }
        }
        emptyText={p.emptyText ?? t('empty')}
        toolbar={
          <>
            {typeof p.toolbar === 'function' ? p.toolbar(q) : p.toolbar}
            {canAdd && (
              <Button
                type="button"
                primary
                icon
                labelPosition="left"
                onClick={() => open(null)}
                data-testid={`${p.name}-add`}
              >
                <Icon name="plus" aria-hidden="true" />
                {p.addLabel ?? t('add')}
              </Button>
            )}
          </>
        }
        actions={
          canEdit || canDel || p.rowActions
            ? (row) => (
                <>
                  {canEdit && (
                    <RowButton
                      icon="edit"
                      label={`${t('edit')} ${p.nameOf(row)}`}
                      onClick={() => void guard(row, () => open(row))}
                      testId="row-edit"
                    />
                  )}
                  {p.rowActions?.(row)}
                  {canDel && (p.canDelete?.(row) ?? true) && (
                    <RowButton
                      icon="trash"
                      negative
                      label={`${p.deleteLabel ?? t('delete')} ${p.nameOf(row)}`}
                      onClick={() => void guard(row, () => setDeleting(row))}
                      testId="row-delete"
                    />
                  )}
                </>
              )
            : undefined
        }
      />
      {typeof p.children === 'function' ? p.children(data?.items ?? []) : p.children}
      <CrudForm
        form={form}
        title={
          p.formTitle?.(form.editing ?? null) ??
          (form.editing ? `${t('edit')}: ${p.nameOf(form.editing)}` : `${p.addLabel ?? t('add')}: ${p.title}`)
        }
        idPrefix={p.name}
        testId={`${p.name}-form`}
        onClose={form.close}
        size={p.formSize}
      />
      {editorId !== undefined && p.editor?.({ id: editorId, onClose: () => setEditorId(undefined) })}
      <ConfirmDelete
        name={deleting ? p.nameOf(deleting) : null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
        busy={removing.isLoading}
      />
    </>
  );
  return p.embedded ? (
    <section aria-labelledby={`${p.name}-title`} data-testid={`${p.name}-section`}>
      <h2 id={`${p.name}-title`} className="ui header">
        {p.title}
      </h2>
      {body}
    </section>
  ) : (
    <ScreenFrame title={p.title} id={p.name}>
      {body}
    </ScreenFrame>
  );
}

const NO_REMOVE: RemoveHook = () => [() => Promise.resolve({ error: null }), { isLoading: false }] as const;
