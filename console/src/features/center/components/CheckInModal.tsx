/** Checking in with the code when the booking's own code is not at hand (someone else's booking). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Modal } from 'semantic-ui-react';

interface Props {
  checking: boolean;
  onClose: () => void;
  onSubmit: (code: string) => void;
}

export function CheckInModal({ checking, onClose, onSubmit }: Props) {
  const { t } = useTranslation('center');
  const [code, setCode] = useState('');
  return (
    <Modal className="center-modal" open size="mini" onClose={onClose} aria-labelledby="ci-title">
      <Modal.Header id="ci-title">{t('checkin.action')}</Modal.Header>
      <Modal.Content>
        <Form id="ci-form" onSubmit={() => onSubmit(code)}>
          <Form.Input
            id="ci-code"
            label={t('checkin.code')}
            inputMode="numeric"
            value={code}
            onChange={(_, d) => setCode(String(d.value))}
          />
        </Form>
      </Modal.Content>
      <Modal.Actions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button primary type="submit" form="ci-form" loading={checking}>
          {t('checkin.action')}
        </Button>
      </Modal.Actions>
    </Modal>
  );
}
