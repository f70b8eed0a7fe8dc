/**
 * The unpaired tablet: the 8-digit code from the administrator on the keypad (or pre-filled from the
 * /pad?code= address of the pairing QR code), then the device credential is kept and the room shows. The wall
 * screen (/wall?code=) pairs on the same screen with its own title and hint.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'semantic-ui-react';
import type { Lang } from '../../../i18n/index.ts';
import { Keypad } from './Keypad.tsx';
import { PadLanguage } from './PadLanguage.tsx';
import { ErrorMessage } from './PadDialog.tsx';

const CODE_LENGTH = 8;

function codeFromAddress(): string {
  const code = new URLSearchParams(window.location.search).get('code') ?? '';
  return /^\d{8}$/.test(code) ? code : '';
}

export function PairingScreen({
  onPair,
  onLanguage,
  title,
  hint,
}: {
  onPair: (code: string) => Promise<void>;
  onLanguage: (lang: Lang) => void;
  /** The heading and the hint, when not the door tablet's. */
  title?: string;
  hint?: string;
}) {
  const { t } = useTranslation('pad');
  const [code, setCode] = useState(codeFromAddress);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // The code is single-use: once read, it leaves the address so a reload does not offer it again.
  useEffect(() => {
    if (window.location.search) window.history.replaceState(null, '', window.location.pathname);
  }, []);
  const submit = async () => {
    if (code.length !== CODE_LENGTH || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onPair(code);
    } catch (err) {
      setError(err);
      setCode('');
      setBusy(false);
    }
  };
  return (
    <main className="pad pad-pairing" aria-labelledby="pad-pairing-title" data-testid="pad-pairing">
      <div className="pad-pairing-top">
        <PadLanguage onChange={onLanguage} />
      </div>
      <h1 id="pad-pairing-title">{title ?? t('pairing.title')}</h1>
      <p id="pad-pairing-hint" className="pad-pairing-hint">
        {hint ?? t('pairing.hint')}
      </p>
      <ErrorMessage error={error} testId="pad-pairing-error" />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Keypad
          id="pad-pairing-code"
          label={t('pairing.code')}
          value={code}
          length={CODE_LENGTH}
          onChange={setCode}
          disabled={busy}
          describedBy="pad-pairing-hint"
        />
        <Button
          type="submit"
          size="massive"
          primary
          fluid
          loading={busy}
          disabled={busy || code.length !== CODE_LENGTH}
          data-testid="pad-pair"
        >
          {busy ? t('pairing.pairing') : t('pairing.submit')}
        </Button>
      </form>
    </main>
  );
}
