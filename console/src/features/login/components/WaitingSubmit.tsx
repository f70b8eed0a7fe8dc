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

/** The end of a sign-in or registration form: the counted-down wait of the throttle, then the submit button. */
export function WaitingSubmit({ waitSeconds, loading, label, testId, waitTestId, children }: Props) {
  const { t } = useTranslation();
  return (
    <>
      {waitSeconds > 0 && (
        <Message
          warning
          role="status"
          data-testid={waitTestId}
          content={t('login.tryAgainIn', { seconds: waitSeconds })}
        />
      )}
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
