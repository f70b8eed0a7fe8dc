/** The resource's pictures (cropped to 4:3 in the browser, then uploaded) and, once saved, its check-in QR code. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Header, Icon, Image } from 'semantic-ui-react';
import { useCan, useToast } from '../../../../app/hooks.ts';
import { AuthedImage } from '../../../../components/AuthedImage.tsx';
import { ConfirmDelete } from '../../../../components/crud/index.ts';
import { useRotateRoomQrMutation } from '../../api.ts';
import { ImageCropper, type CropperLabels } from '../../../../components/cropper/index.ts';
import { MAX_IMAGE_BYTES, usePictureUpload } from '../upload.ts';
import type { SectionProps } from './section.ts';

const RESOURCE_IMAGE_ASPECT = 4 / 3;

type Translate = (k: string, o?: Record<string, unknown>) => string;

/** The cropper's texts from the room bundle. */
export function cropperLabels(t: Translate): CropperLabels {
  return {
    choose: t('chooseImage'),
    hint: t('cropper.hint'),
    picture: t('cropper.picture'),
    area: t('cropper.area'),
    upload: t('cropper.upload'),
    discard: t('cropper.discard'),
    status: (r) => t('cropper.status', { width: r.width, height: r.height, x: r.x, y: r.y }),
    problems: {
      chooseFirst: t('upload.chooseFirst'),
      badType: t('cropper.badType'),
      tooLarge: t('cropper.tooLarge'),
      unreadable: t('cropper.unreadable'),
      stillTooLarge: t('cropper.stillTooLarge'),
    },
  };
}

export function ImagesSection({ draft, dispatch }: SectionProps) {
  const { t } = useTranslation('room');
  const toast = useToast();
  const { upload } = usePictureUpload();
  const mayRotate = useCan()('tablets.manage');
  const [rotate, rotating] = useRotateRoomQrMutation();
  const [asking, setAsking] = useState(false);
  /** Changes with each rotation, so the picture is fetched again. */
  const [version, setVersion] = useState(0);
  const confirmRotate = async () => {
    if (!draft.id) return;
    const res = await rotate(draft.id);
    setAsking(false);
    if ('data' in res && res.data) {
      setVersion(res.data.rotatedAt);
      toast('success', t('qrRotated'));
    }
  };
  /** The cropped JPEG goes up as a resource image and joins the draft's images. */
  const send = async (file: File): Promise<boolean> => {
    const id = await upload(file, 'resourceImage');
    if (id) dispatch({ type: 'addImage', id });
    return id !== null;
  };
  return (
    <>
      <Header as="h3">{t('section.images')}</Header>
      <Image.Group size="small">
        {draft.imageIds.map((id, i) => (
          <span
            key={id}
            style={{ display: 'inline-block', position: 'relative', marginRight: '0.5em' }}
            data-testid="resource-image"
          >
            <AuthedImage
              path={`/upload/${id}`}
              alt={t('imageN', { n: i + 1 })}
              style={{ maxWidth: 120, maxHeight: 90 }}
            />
            <Button
              type="button"
              size="mini"
              icon="close"
              aria-label={`${t('remove')} ${t('imageN', { n: i + 1 })}`}
              onClick={() => dispatch({ type: 'removeImage', id })}
            />
          </span>
        ))}
      </Image.Group>
      <ImageCropper
        id="res-image-file"
        aspect={RESOURCE_IMAGE_ASPECT}
        labels={cropperLabels(t)}
        maxBytes={MAX_IMAGE_BYTES}
        uploadTestId="upload-image"
        onProblem={(text) => toast('warning', text)}
        onUpload={send}
      />
      {draft.id && (
        <>
          <Header as="h3">{t('section.qr')}</Header>
          <AuthedImage
            path={`/room/resources/${draft.id}/qrcode`}
            query={{ size: 150, ...(version ? { v: version } : {}) }}
            alt={t('qrOf', { name: draft.name })}
            testId="qrcode"
          />
          <p className="muted">
            <Icon name="qrcode" aria-hidden="true" /> {t('qrHint')}
          </p>
          {mayRotate && (
            <Button type="button" size="small" onClick={() => setAsking(true)} data-testid="qr-rotate">
              <Icon name="redo" aria-hidden="true" />
              {t('qrRotate')}
            </Button>
          )}
          <ConfirmDelete
            name={asking ? draft.name : null}
            title={t('qrRotate')}
            question={t('qrRotateQuestion', { name: draft.name })}
            action={t('qrRotate')}
            busy={rotating.isLoading}
            onCancel={() => setAsking(false)}
            onConfirm={() => void confirmRotate()}
          />
        </>
      )}
    </>
  );
}
