/**
 * One person's face data (docs/product-rules.md R20.7): the consent with its text, the images with upload and
 * delete (each delete and the withdrawal asked first), and the enrolment state. Used for oneself (My face, in the
 * user menu) and by an administrator for anyone (/sys/face).
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon, Message, Segment } from 'semantic-ui-react';
import { uploadFile } from '../../../app/files.ts';
import { useToast } from '../../../app/hooks.ts';
import { useAppDispatch } from '../../../app/store.ts';
import { AuthedImage } from '../../../components/AuthedImage.tsx';
import { ConfirmDelete } from '../../../components/crud/index.ts';
import { formatTime } from '../../../components/format.ts';
import { StatusLabel, type Tone } from '../../../components/StatusLabel.tsx';
import { faceChanged, type FaceStateView } from '../api.ts';
import '../i18n.ts';

const TONE: Record<FaceStateView['enrolment'], Tone> = {
  none: 'grey',
  queued: 'blue',
  enrolled: 'green',
  failed: 'red',
};

export function EnrolmentLabel({ state }: { state: FaceStateView['enrolment'] }) {
  const { t } = useTranslation('face');
  return (
    <StatusLabel tone={TONE[state]} data-enrolment={state}>
      {t(`state_${state}`)}
    </StatusLabel>
  );
}

interface Props {
  state: FaceStateView;
  /** Where images are uploaded (POST, multipart `file`) and read (`<imagePath>/<id>`). */
  uploadPath: string;
  imagePath: string;
  /** Administrators record consent on the person's behalf: the button says so. */
  forSomeoneElse?: boolean;
  onConsent: () => Promise<unknown>;
  onWithdraw: () => Promise<unknown>;
  onDeleteImage: (id: number) => Promise<unknown>;
}

export function FacePanel({
  state,
  uploadPath,
  imagePath,
  forSomeoneElse,
  onConsent,
  onWithdraw,
  onDeleteImage,
}: Props) {
  const { t, i18n } = useTranslation('face');
  const dispatch = useAppDispatch();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const [deleting, setDeleting] = useState<{ id: number; n: number } | null>(null);
  const run = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await fn();
    } finally {
      setBusy(false);
    }
  };
  const upload = async (file: File) => {
    setBusy(true);
    const outcome = await dispatch(uploadFile(uploadPath, { file }));
    setBusy(false);
    if ('data' in outcome) {
      toast('success', t('uploaded'));
      dispatch(faceChanged());
    }
  };
  const { consent } = state;
  const full = state.imageCount >= state.imageLimit;
  return (
    <div data-testid="face-panel">
      <Segment>
        <h3 className="ui small header">{t('consent')}</h3>
        <p data-testid="face-consent-text" style={{ whiteSpace: 'pre-wrap' }}>
          {state.consentText}
        </p>
        {consent.given ? (
          <>
            <Message positive size="small" data-testid="face-consent-given">
              {t(forSomeoneElse ? 'consentGivenFor' : 'consentGiven', { date: formatTime(consent.at, i18n.language) })}
              {consent.byAdministrator && ` (${t('byAdmin')})`}
            </Message>
            <Button type="button" basic negative size="small" onClick={() => setWithdrawing(true)} disabled={busy}>
              {t('withdraw')}
            </Button>
          </>
        ) : (
          <>
            <Message info size="small" data-testid="face-no-consent">
              {t('noConsent')}
            </Message>
            <Button type="button" primary size="small" loading={busy} onClick={() => void run(onConsent)}>
              {t(forSomeoneElse ? 'recordConsent' : 'agree')}
            </Button>
          </>
        )}
      </Segment>
      <Segment>
        <h3 className="ui small header">
          {t('images', { count: state.imageCount, limit: state.imageLimit })} <EnrolmentLabel state={state.enrolment} />
        </h3>
        {state.images.length === 0 ? (
          <p data-testid="face-no-images">{t('noImages')}</p>
        ) : (
          <div style={{ display: 'flex', gap: '1em', flexWrap: 'wrap' }}>
            {state.images.map((image, i) => (
              <figure key={image.id} style={{ margin: 0, textAlign: 'center' }} data-testid="face-image">
                <AuthedImage
                  path={`${imagePath}/${image.id}`}
                  alt={t('image', { n: i + 1 })}
                  style={{ width: 120, height: 120, objectFit: 'cover', borderRadius: 4 }}
                />
                <figcaption>
                  <Button
                    type="button"
                    size="mini"
                    basic
                    icon
                    aria-label={t('deleteImage', { n: i + 1 })}
                    onClick={() => setDeleting({ id: image.id, n: i + 1 })}
                  >
                    <Icon name="trash alternate outline" aria-hidden="true" />
                  </Button>
                </figcaption>
              </figure>
            ))}
          </div>
        )}
        {consent.given && !full && (
          <p style={{ marginTop: '1em' }}>
            <Button
              type="button"
              icon
              labelPosition="left"
              loading={busy}
              onClick={() => input.current?.click()}
              aria-describedby="face-upload-help"
              data-testid="face-upload"
            >
              <Icon name="upload" aria-hidden="true" />
              {t('upload')}
            </Button>{' '}
            <small id="face-upload-help">{t('uploadHelp')}</small>
            <input
              ref={input}
              type="file"
              accept="image/jpeg,image/png"
              hidden
              aria-label={t('upload')}
              data-testid="face-upload-file"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void upload(file);
              }}
            />
          </p>
        )}
      </Segment>
      <ConfirmDelete
        name={withdrawing ? t('consent') : null}
        title={t('withdraw')}
        question={t('withdrawQuestion')}
        action={t('withdraw')}
        busy={busy}
        onCancel={() => setWithdrawing(false)}
        onConfirm={() =>
          void run(async () => {
            await onWithdraw();
            setWithdrawing(false);
          })
        }
      />
      <ConfirmDelete
        name={deleting ? t('image', { n: deleting.n }) : null}
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          void run(async () => {
            if (deleting) await onDeleteImage(deleting.id);
            setDeleting(null);
          })
        }
      />
    </div>
  );
}
