/** /room/image: resource icons (a name and an uploaded picture). */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form } from 'semantic-ui-react';
import {
  CrudTable,
  FormModal,
  RowButton,
  errorFor,
  fieldErrorsOf,
  type Column,
  type FieldErrors,
} from '../../components/crud/index.ts';
import { useList, useRoomSaveMutation, type IconItem } from './api.ts';
import { AuthedImage, useCan, usePictureUpload, useToast } from './common.tsx';
import { useConfirmedDelete } from './confirmed-delete.tsx';

const PATH = '/room/icons';

export default function ImageScreen() {
  const { t } = useTranslation('room');
  const can = useCan();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const { data, isFetching } = useList<IconItem>(PATH, { page, pageSize: 20, q: q || undefined });
  const [save, saving] = useRoomSaveMutation();
  const [draft, setDraft] = useState<{ id: number | null; name: string; uploadId: string } | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { ask: setDeleting, dialog: deleteDialog } = useConfirmedDelete<IconItem>(PATH, (i) => i.name);
  const { uploading: uploadingType, upload: uploadPicture } = usePictureUpload();
  const uploading = uploadingType !== null;
  const fileRef = useRef<HTMLInputElement>(null);

  const upload = async () => {
    if (!draft) return;
    const id = await uploadPicture(fileRef.current, 'icon');
    if (id) setDraft((d) => (d ? { ...d, uploadId: id } : d));
  };
  const submit = async () => {
    if (!draft) return;
    const local: FieldErrors = {};
    if (!draft.name.trim()) local.name = t('form.required');
    if (!draft.uploadId) local.uploadId = t('upload.chooseFirst');
    setErrors(local);
    if (Object.keys(local).length) return;
    const r = await save({ path: PATH, id: draft.id, body: { name: draft.name, uploadId: draft.uploadId } });
    if ('error' in r) return setErrors(fieldErrorsOf(r.error));
    toast('success', t('saved'));
    setDraft(null);
  };
  const columns: Column<IconItem>[] = [
    {
      key: 'icon',
      header: t('field.icon'),
      render: (i) => (
        <AuthedImage path={`/upload/${i.uploadId}`} alt={i.name} style={{ maxWidth: 48, maxHeight: 48 }} />
      ),
    },
    { key: 'name', header: t('field.name'), render: (i) => i.name },
  ];
  const showActions = can('room:image:update') || can('room:image:delete');
  return (
    <section aria-labelledby="image-title">
      <h1 id="image-title" className="ui header">
        {t('image.title')}
      </h1>
      <CrudTable
        label={t('image.title')}
        columns={columns}
        data={data}
        loading={isFetching}
        rowKey={(i) => i.id}
        page={page}
        onPage={setPage}
        onSearch={(v) => {
          setQ(v);
          setPage(1);
        }}
        emptyText={t('empty')}
        testId="image-table"
        toolbar={
          can('room:image:add') && (
            <Button
              primary
              icon="plus"
              content={t('add')}
              onClick={() => {
                setErrors({});
                setDraft({ id: null, name: '', uploadId: '' });
              }}
              data-testid="image-add"
            />
          )
        }
        actions={
          showActions
            ? (i) => (
                <>
                  {can('room:image:update') && (
                    <RowButton
                      icon="edit"
                      label={`${t('edit')} ${i.name}`}
                      onClick={() => {
                        setErrors({});
                        setDraft({ id: i.id, name: i.name, uploadId: i.uploadId });
                      }}
                      testId="row-edit"
                    />
                  )}
                  {can('room:image:delete') && (
                    <RowButton
                      icon="trash"
                      negative
                      label={`${t('delete')} ${i.name}`}
                      onClick={() => setDeleting(i)}
                      testId="row-delete"
                    />
                  )}
                </>
              )
            : undefined
        }
      />
      <FormModal
        open={draft !== null}
        title={draft?.id ? t('image.edit') : t('image.add')}
        onClose={() => setDraft(null)}
        onSubmit={() => void submit()}
        saving={saving.isLoading}
        errors={errors}
        testId="image-form"
      >
        {draft && (
          <>
            <Form.Input
              id="icon-name"
              label={t('field.name')}
              required
              maxLength={100}
              value={draft.name}
              error={errorFor(errors, 'name')}
              onChange={(_, d) => setDraft({ ...draft, name: d.value })}
            />
            {draft.uploadId && (
              <AuthedImage
                path={`/upload/${draft.uploadId}`}
                alt={draft.name || t('field.icon')}
                style={{ maxWidth: 96, maxHeight: 96 }}
              />
            )}
            <Form.Group>
              <Form.Field>
                <label htmlFor="icon-file">{t('chooseImage')}</label>
                <input
                  id="icon-file"
                  ref={fileRef}
                  type="file"
                  accept=".jpg,.jpeg,.png,image/jpeg,image/png"
                  aria-describedby="icon-file-hint"
                />
                <small id="icon-file-hint" className="muted">
                  {t('upload.hint')}
                </small>
              </Form.Field>
              <Form.Field style={{ alignSelf: 'flex-end' }}>
                <Button
                  type="button"
                  icon="upload"
                  content={t('upload.button')}
                  loading={uploading}
                  disabled={uploading}
                  onClick={() => void upload()}
                />
              </Form.Field>
            </Form.Group>
          </>
        )}
      </FormModal>
      {deleteDialog}
    </section>
  );
}
