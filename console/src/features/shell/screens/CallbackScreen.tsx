import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Loading } from '../../../components/Loading.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { useAppDispatch } from '../../../app/store.ts';
import { toastShown } from '../../../app/uiSlice.ts';
import {
  completeExternalSignIn,
  readHashEntry,
  useOidcCallbackMutation,
  useTokenUrlMutation,
} from '../../login/index.ts';

/**
 * /callback: the loading page after an external sign-in. An OIDC provider
 * returns `?code=&state=` (posted to /auth/oidc/callback); SAML and token-URL
 * sign-ins return `#token=<one-time code>` (redeemed at /auth/token), or
 * `#error=<key>&msg=<text>` when the server refused the sign-in (for one, when
 * it was started in another browser). A failure returns to the login page
 * with the server's message.
 */
export default function Callback() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [oidc] = useOidcCallbackMutation();
  const [tokenUrl] = useTokenUrlMutation();
  const started = useRef(false);
  usePageTitle(t('routes.Signing in'));

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const hash = readHashEntry(window.location.hash);
    const code = params.get('code');
    const state = params.get('state');
    const fail = (msg?: string) => {
      dispatch(toastShown('error', msg ?? t('login.ssoFailed')));
      navigate('/login', { replace: true });
    };
    const providerError = params.get('error_description') ?? params.get('error');
    if (providerError) return fail(providerError);
    if (hash.error) {
      window.history.replaceState(null, '', window.location.pathname);
      // The server's own refusals carry a message key; anything else gets the generic text.
      return fail(/^(sso|auth)\.\w+$/.test(hash.error) ? hash.msg?.slice(0, 300) : undefined);
    }
    let call;
    if (hash.token) call = tokenUrl({ code: hash.token });
    else if (code && state)
      call = oidc({ code, state, ...(params.get('iss') ? { iss: params.get('iss') as string } : {}) });
    else return fail();
    window.history.replaceState(null, '', window.location.pathname);
    void call.then(async (res) => {
      if ('error' in res && res.error) return fail((res.error as { msg?: string }).msg);
      if (!(await completeExternalSignIn(dispatch, res.data, hash.logoutUrl, hash.redirect)))
        fail(t('login.menuFailed'));
    });
  }, [params, dispatch, navigate, oidc, tokenUrl, t]);

  return <Loading full />;
}
