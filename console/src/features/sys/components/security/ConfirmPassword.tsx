/**
 * Changes the server wants confirmed by the person at the keyboard (where
 * single sign-on trusts identities from, whose identity is whose): when a save
 * answers auth.reauthRequired, a modal asks for the current password and the
 * save is sent again with it, RSA-encrypted like at sign-in, in the
 * x-confirm-password header. A wrong password asks again; cancel gives up.
 */
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Message, Modal } from 'semantic-ui-react';
import type { ApiError } from '../../../../app/api.ts';
import { encrypt } from '../../../../app/crypto.ts';
import type { Outcome } from '../../../../components/crud/index.ts';

const CONFIRM_HEADER = 'x-confirm-password';
const ASKS_AGAIN = new Set(['auth.reauthRequired', 'auth.reauthFailed']);

/** A call that may carry the confirmation header. */
export type Confirmable = (headers?: Record<string, string>) => Promise<Outcome>;

const refusal = (res: Outcome) => ('error' in res ? (res.error as ApiError | undefined) : undefined);

/** Runs a call, asking for the current password when the server wants it; render `modal` outside any form. */
export function useConfirmedSave(): {
  confirmed: (call: Confirmable) => Promise<Outcome>;
  busy: boolean;
  modal: ReactNode;
} {
  const { t } = useTranslation('sys');
  const [asking, setAsking] = useState<{ error: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [password, setPassword] = useState('');
  const answer = useRef<((password: string | null) => void) | null>(null);

  const ask = (error: string) =>
    new Promise<string | null>((resolve) => {
      answer.current = resolve;
      setPassword('');
      setAsking({ error });
    });
  const close = (value: string | null) => {
    setAsking(null);
    setPassword('');
    answer.current?.(value);
    answer.current = null;
  };

  const confirmed = async (call: Confirmable): Promise<Outcome> => {
    setBusy(true);
    try {
      let res = await call();
      for (let err = refusal(res); err && ASKS_AGAIN.has(err.key ?? ''); err = refusal(res)) {
        const typed = await ask(err.key === 'auth.reauthFailed' ? err.msg : '');
        if (typed === null) return res;
        res = await call({ [CONFIRM_HEADER]: await encrypt(typed) });
      }
      return res;
    } finally {
      setBusy(false);
    }
  };

  const modal = (
    <Modal
      open={asking !== null}
      size="tiny"
      closeOnDimmerClick={false}
      onClose={() => close(null)}
      aria-labelledby="confirm-password-title"
      data-testid="confirm-password"
    >
      <Modal.Header id="confirm-password-title">{t('confirm.title')}</Modal.Header>
      <Modal.Content>
        <p id="confirm-password-why">{t('confirm.why')}</p>
        <Form
          id="confirm-password-form"
          error={Boolean(asking?.error)}
          onSubmit={(e) => {
            // React events cross the modal's portal: the form around the button that opened it must not submit too.
            e.stopPropagation();
            if (password) close(password);
          }}
          noValidate
        >
          <Form.Input
            id="confirm-password-input"
            type="password"
            label={t('confirm.password')}
            autoComplete="current-password"
            autoFocus
            required
            value={password}
            aria-describedby="confirm-password-why confirm-password-sso"
            onChange={(_, d) => setPassword(String(d.value ?? ''))}
          />
          <Message error role="alert" content={asking?.error} data-testid="confirm-password-error" />
          <p id="confirm-password-sso" style={{ color: '#555' }}>
            {t('confirm.ssoHelp')}
          </p>
        </Form>
      </Modal.Content>
      <Modal.Actions>
        <Button type="button" onClick={() => close(null)}>
          {t('cancel')}
        </Button>
        <Button
          type="submit"
          form="confirm-password-form"
          primary
          disabled={!password}
          data-testid="confirm-password-submit"
        >
          {t('confirm.submit')}
        </Button>
      </Modal.Actions>
    </Modal>
  );
  return { confirmed, busy, modal };
}
