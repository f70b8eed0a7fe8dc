import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Message } from 'semantic-ui-react';

interface Props {
  /** Seconds the sign-in throttle still asks to wait (docs/product-rules.md R18.11); 0 when there is none. */
  waitSeconds: number;
  loading: boolean;
  label: string;
  testId: string;
  waitTestId?: string;
  /** Fields shown between the wait notice and the button (the sign-in's remember me). */
  children?: ReactNode;
}

/** The throttle's counted-down wait (docs/product-rules.md R18.11); nothing when there is none. */
export function WaitNotice({ seconds, testId }: { seconds: number; testId?: string }) {
  const { t } = useTranslation();
  if (seconds <= 0) return null;
  return <Message warning role="status" data-testid={testId} content={t('login.tryAgainIn', { seconds })} />;
}

/** The end of a sign-in or registration form: the counted-down wait of the throttle, then the submit button. */
export function WaitingSubmit({ waitSeconds, loading, label, testId, waitTestId, children }: Props) {
  return (
    <>
      <WaitNotice seconds={waitSeconds} testId={waitTestId} />
      {children}
      <Button
        primary
        fluid
        type="submit"
        size="large"
        loading={loading}
        disabled={loading || waitSeconds > 0}
        data-testid={testId}
      >
        {label}
      </Button>
    </>
  );
}
