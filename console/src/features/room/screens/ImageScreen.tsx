/** /room/image: resource icons (a name and an uploaded picture). */
import { useTranslation } from 'react-i18next';
import { AuthedImage } from '../../../components/AuthedImage.tsx';
import { CrudScreen } from '../../../components/crud/index.ts';
import { icons } from '../api.ts';
import { PictureField } from '../components/PictureField.tsx';
import '../i18n.ts';

export default function ImageScreen() {
  const { t } = useTranslation('room');
  return (
    <CrudScreen
      name="image"
      title={t('image.title')}
      perm="room:image"
      source={icons}
      nameOf={(i) => i.name}
      formTitle={(i) => t(i ? 'image.edit' : 'image.add')}
      columns={[
        {
          key: 'icon',
          header: t('field.icon'),
          render: (i) => (
            <AuthedImage path={`/upload/${i.uploadId}`} alt={i.name} style={{ maxWidth: 48, maxHeight: 48 }} />
          ),
        },
        { key: 'name', header: t('field.name'), render: (i) => i.name },
      ]}
      fields={[
        { name: 'name', label: t('field.name'), required: true, maxLength: 100 },
        {
          name: 'uploadId',
          label: t('field.icon'),
          type: 'custom',
          validate: (v) => (v ? null : t('upload.chooseFirst')),
          render: (v, set, error) => (
            <PictureField
              id="image-uploadId"
              name="uploadId"
              label={t('chooseImage')}
              type="icon"
              required
              value={(v.uploadId as string | null) || null}
              onChange={(id) => set('uploadId', id)}
              error={error}
              hint={t('upload.hint')}
            />
          ),
        },
      ]}
      toForm={(i) => ({ name: i?.name ?? '', uploadId: i?.uploadId ?? '' })}
      toBody={(v) => ({ name: String(v.name), uploadId: String(v.uploadId) })}
    />
  );
}
