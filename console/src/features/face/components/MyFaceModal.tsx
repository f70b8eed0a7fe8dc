/** "My face" (user menu): the signed-in person's consent and face images (docs/product-rules.md R20.7). */
import { useTranslation } from 'react-i18next';
import { Button, Modal } from 'semantic-ui-react';
import { Loading } from '../../../components/Loading.tsx';
import {
  useDeleteMyImageMutation,
  useGiveMyConsentMutation,
  useMyFaceQuery,
  useWithdrawMyConsentMutation,
} from '../api.ts';
import { FacePanel } from './FacePanel.tsx';
import '../i18n.ts';

export default function MyFaceModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('face');
  const { data } = useMyFaceQuery();
  const [consent] = useGiveMyConsentMutation();
  const [withdraw] = useWithdrawMyConsentMutation();
  const [remove] = useDeleteMyImageMutation();
  return (
    <Modal open size="small" onClose={onClose} aria-labelledby="my-face-title" data-testid="my-face">
      <Modal.Header as="h2" id="my-face-title">
        {t('myFace')}
      </Modal.Header>
      <Modal.Content scrolling>
        {data ? (
          <FacePanel
            state={data}
            uploadPath="/center/face/images"
            imagePath="/center/face/images"
            onConsent={() => consent()}
            onWithdraw={() => withdraw()}
            onDeleteImage={(id) => remove(id)}
          />
        ) : (
          <Loading />
        )}
      </Modal.Content>
      <Modal.Actions>
        <Button type="button" onClick={onClose}>
          {t('close')}
        </Button>
      </Modal.Actions>
    </Modal>
  );
}
