/**
 * The list-and-form screen every simple administration screen is: a paged,
 * searchable table from a list endpoint, a form for create and edit (the
 * browser's checks, then the server's field errors), a delete after asking.
 * Buttons follow the permissions `<perm>:add|update|delete`. Test ids and
 * element ids derive from `name`: `<name>-table`, `<name>-add`,
 * `<name>-form`, and `#<name>-<field>` for each field.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan, useToast, type Allowance } from '../../app/hooks.ts';
import { ScreenFrame } from '../ScreenFrame.tsx';
import { ConfirmDelete } from './ConfirmDelete.tsx';
import { CrudAddButton, CrudRowActions } from './CrudActions.tsx';
import { CrudForm } from './CrudForm.tsx';
import type { CrudScreenProps } from './CrudScreenProps.ts';
import { CrudTable } from './CrudTable.tsx';
import type { Values } from './fields.ts';
import type { PageArgs, RemoveHook } from './hooks.ts';
import { useCrudForm } from './useCrudForm.ts';
import { useCrudList } from './useCrudList.ts';
import './texts.ts';

export type { CrudScreenProps } from './CrudScreenProps.ts';

const idOf = (row: unknown) => (row as { id: number }).id;

/** The code of one of a screen's own actions, `<section>:<screen>` + `:add`. */
const screenCode = (screen: string, action: 'add' | 'update' | 'delete') => `${screen}:${action}` as Allowance;

export function CrudScreen<Row, Args extends PageArgs, Body>(p: CrudScreenProps<Row, Args, Body>) {
  const { t } = useTranslation('crud');
  const can = useCan();
  const toast = useToast();
  const { data, isFetching, page, setPage, q, search } = useCrudList<Row, Args>({ ...p, list: p.source.list });
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
        onSearch={p.search === false ? undefined : search}
        emptyText={p.emptyText ?? t('empty')}
        toolbar={
          <>
            {typeof p.toolbar === 'function' ? p.toolbar(q) : p.toolbar}
            {canAdd && <CrudAddButton name={p.name} label={p.addLabel} onClick={() => open(null)} />}
          </>
        }
        actions={
          canEdit || canDel || p.rowActions
            ? (row) => (
                <CrudRowActions
                  name={p.nameOf(row)}
                  onEdit={canEdit ? () => void guard(row, () => open(row)) : undefined}
                  onDelete={
                    canDel && (p.canDelete?.(row) ?? true) ? () => void guard(row, () => setDeleting(row)) : undefined
                  }
                  deleteLabel={p.deleteLabel}
                >
                  {p.rowActions?.(row)}
                </CrudRowActions>
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
