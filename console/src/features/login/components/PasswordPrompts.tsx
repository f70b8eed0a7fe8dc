import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal } from 'semantic-ui-react';
import { ChangePasswordModal } from './ChangePasswordModal.tsx';
import type { PasswordPrompt } from './useLoginForm.ts';

interface Props {
  prompt: PasswordPrompt | null;
  /** Ends the prompt and enters the console with the sign-in it held. */
  onProceed: (prompt: PasswordPrompt) => void;
  onClose: () => void;
}

/**
 * What a sign-in asks about its password before entering (docs/product-rules.md R18.11): a first or expired password
 * must be changed; an expiring one may be changed now or later.
 */
export function PasswordPrompts({ prompt, onProceed, onClose }: Props) {
  const { t } = useTranslation();
  const state = prompt?.answer.passwordState;
  const forcedChange = state === 'firstLogin' || state === 'expired';
  const [changeExpiring, setChangeExpiring] = useState(false);
  const finish = () => {
    onClose();
    if (prompt) onProceed(prompt);
  };
  return (
    <>
      <ChangePasswordModal
        open={Boolean(prompt && forcedChange) || changeExpiring}
        reason={changeExpiring ? 'expiring' : state === 'ok' ? null : state}
        forced={forcedChange}
        onCancel={() => setChangeExpiring(false)}
        onDone={() => {
          setChangeExpiring(false);
          finish();
        }}
      />

      <Modal
        open={Boolean(prompt && state === 'expiring') && !changeExpiring}
        size="tiny"
        aria-labelledby="expiring-title"
        data-testid="password-expiring"
      >
        <Modal.Header id="expiring-title">{t('password.expiringTitle')}</Modal.Header>
        <Modal.Content>{t('password.expiringText', { days: prompt?.answer.passwordDaysLeft ?? 0 })}</Modal.Content>
        <Modal.Actions>
          <Button type="button" onClick={finish}>
            {t('password.later')}
          </Button>
          <Button primary type="button" onClick={() => setChangeExpiring(true)}>
            {t('password.changeNow')}
          </Button>
        </Modal.Actions>
      </Modal>
    </>
  );
}
