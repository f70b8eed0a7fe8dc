import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Divider, Message } from 'semantic-ui-react';
import { useAppDispatch } from '../../../app/store.ts';
import { toastShown } from '../../../app/uiSlice.ts';
import { useChatSignInMutation, useChatStartMutation, useSsoMethodsQuery } from '../api.ts';
import { chatClientOf, readChatEntry } from '../entryPoints.ts';
import { completeExternalSignIn } from '../flow.ts';

/** sessionStorage: the state of the QR flow this tab started, and whether the silent in-client start was tried. */
const QR_STATE = 'chatQrState';
const AUTO_TRIED = 'chatAutoTried';

/**
 * WeCom / DingTalk sign-in on the login page (when one of them is the apps provider): a QR button that starts a
 * flow (GET /sys/chat/start?qr=1) and sends the browser to the vendor, and the entry the vendor sends back to
 * this page (`?code=&state=`, DingTalk's `authCode`), posted to /sys/wxToken3 or dingTokenQR, or, inside the
 * vendor's client, to wxToken or dingToken. Inside the client a page without a code starts the in-client flow
 * once, so people there are signed in silently.
 */
export function ChatSignIn({ redirect }: { redirect: string | undefined }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { data, isSuccess } = useSsoMethodsQuery();
  const [start, starting] = useChatStartMutation();
  const [signIn] = useChatSignInMutation();
  const [busy, setBusy] = useState(false);
  const handled = useRef(false);
  const vendor = data?.chat ?? null;

  const go = async (qr: boolean) => {
    const res = await start({ qr: qr ? '1' : '0', ...(redirect ? { redirect } : {}) });
    if ('error' in res && res.error) {
      dispatch(toastShown('error', (res.error as { msg?: string }).msg ?? t('login.chatFailed')));
      return;
    }
    if (qr) sessionStorage.setItem(QR_STATE, res.data.state);
    window.location.assign(res.data.url);
  };

  useEffect(() => {
    if (!isSuccess || handled.current) return;
    handled.current = true;
    const entry = readChatEntry(window.location.search, vendor, navigator.userAgent, sessionStorage.getItem(QR_STATE));
    if (!entry) {
      const inClient = chatClientOf(navigator.userAgent);
      if (vendor && inClient === vendor && !sessionStorage.getItem(AUTO_TRIED)) {
        sessionStorage.setItem(AUTO_TRIED, '1');
        void go(false);
      }
      return;
    }
    sessionStorage.removeItem(QR_STATE);
    window.history.replaceState(null, '', window.location.pathname);
    setBusy(true);
    void signIn(entry).then(async (res) => {
      if ('error' in res && res.error) {
        setBusy(false);
        dispatch(toastShown('error', (res.error as { msg?: string }).msg ?? t('login.chatFailed')));
        return;
      }
      if (!(await completeExternalSignIn(dispatch, res.data, undefined, redirect))) {
        setBusy(false);
        dispatch(toastShown('error', t('login.menuFailed')));
      }
    });
    // Once per page load, after the methods are known.
  }, [isSuccess]);

  if (busy) return <Message info icon="spinner" content={t('login.chatSigningIn')} data-testid="chat-signing-in" />;
  if (!vendor) return null;
  return (
    <div className="sso-buttons">
      <Divider horizontal>{t('login.ssoDivider')}</Divider>
      <Button
        basic
        fluid
        icon="qrcode"
        className="sso-button"
        data-method={vendor}
        loading={starting.isLoading}
        content={t(vendor === 'wecom' ? 'login.chatWecom' : 'login.chatDingtalk')}
        onClick={() => void go(true)}
      />
    </div>
  );
}
