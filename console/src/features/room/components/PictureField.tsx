/** A form field holding an uploaded picture: a file input, an upload button and the picture once uploaded. */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form } from 'semantic-ui-react';
import { AuthedImage } from '../../../components/AuthedImage.tsx';
import { PICTURE_ACCEPT, usePictureUpload, type UploadType } from './upload.ts';

export function PictureField({
  id,
  name,
  label,
  type,
  value,
  onChange,
  error,
  required,
  hint,
}: {
  /** The file input's id; the button's test id is `upload-<name>`, the picture's `preview-<name>`. */
  id: string;
  name: string;
  label: string;
  type: UploadType;
  value: string | null;
  onChange: (uploadId: string | null) => void;
  error?: string;
  required?: boolean;
  hint: string;
}) {
  const { t } = useTranslation('room');
  const file = useRef<HTMLInputElement>(null);
  const { uploading, upload } = usePictureUpload();
  const send = async () => {
    const uploaded = await upload(file.current?.files?.[0], type);
    if (!uploaded) return;
    onChange(uploaded);
    if (file.current) file.current.value = '';
  };
  return (
    <Form.Group>
      <Form.Field width={10} required={required} error={Boolean(error)}>
        <label htmlFor={id}>{label}</label>
        <input id={id} ref={file} type="file" accept={PICTURE_ACCEPT} aria-describedby={`${id}-hint`} />
        <small id={`${id}-hint`} className="muted">
          {hint}
        </small>
        {error && (
          <div className="ui pointing above prompt label" role="alert" data-testid={`error-${name}`}>
            {error}
          </div>
        )}
      </Form.Field>
      <Form.Field width={3} style={{ alignSelf: 'flex-end' }}>
        <Button
          type="button"
          icon="upload"
          content={t('upload.button')}
          aria-label={`${t('upload.button')}: ${label}`}
          loading={uploading !== null}
          disabled={uploading !== null}
          onClick={() => void send()}
          data-testid={`upload-${name}`}
        />
      </Form.Field>
      <Form.Field width={3}>
        {value && (
          <AuthedImage
            path={`/upload/${value}`}
            alt={label}
            style={{ maxWidth: 96, maxHeight: 72 }}
            testId={`preview-${name}`}
          />
        )}
      </Form.Field>
    </Form.Group>
  );
}
