/**
 * /wall (docs/product-rules.md R19.12): the wall screen on a device credential. Unpaired, it shows the door tablets'
 * pairing screen (the code from /wall?code= or the keypad); paired, it runs the api slice on its credential and shows
 * the same content as /room/dashboardx: its one panel, or every panel (every location when there is none). A refused
 * credential (revoked, re-paired) forgets it and pairs again; an administrator's reload request reloads the page.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, runOnDevice } from '../../../app/api.ts';
import { useAppDispatch } from '../../../app/store.ts';
import { isLang, type Lang } from '../../../i18n/index.ts';
import { PairingScreen } from '../../pad/components/PairingScreen.tsx';
import '../../pad/components/pad.css';
import '../../pad/i18n.ts';
import { bookingsChanged, usePanelListQuery } from '../../room/api.ts';
import { useLocationChoices } from '../../room/components/choices.ts';
import { WallView } from '../../room/components/WallView.tsx';
import {
  followWallStream,
  pairWall,
  readWallCredential,
  useWallMeQuery,
  useWallReloadedMutation,
  writeWallCredential,
} from '../api.ts';
import '../i18n.ts';

/** The wall asks for its own state (reload requested, still paired) this often; it also marks the wall online. */
const ME_EVERY_MS = 60_000;
/** A burst of changes (a series, a calendar sync) is one refetch. */
const REFETCH_MS = 250;

/** The rooms the wall shows are asked again within about 2 s of a booking change (R12.6), not only every 30 s. */
function useWallStream(credential: string, onRefused: () => void): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const follower = followWallStream(
      credential,
      () => {
        clearTimeout(timer);
        timer = setTimeout(() => dispatch(bookingsChanged()), REFETCH_MS);
      },
      onRefused,
    );
    return () => {
      clearTimeout(timer);
      follower.stop();
    };
  }, [credential, onRefused, dispatch]);
}

function PairedWall({ credential, onRefused }: { credential: string; onRefused: () => void }) {
  useWallStream(credential, onRefused);
  const { data: me } = useWallMeQuery(undefined, { pollingInterval: ME_EVERY_MS });
  const [reloaded] = useWallReloadedMutation();
  useEffect(() => {
    if (!me?.reloadRequested) return;
    void reloaded().then(() => window.location.reload());
  }, [me?.reloadRequested]);
  const { data: panels } = usePanelListQuery();
  const locations = useLocationChoices();
  return <WallView panels={panels} locations={locations} />;
}

export default function WallPage() {
  const { t, i18n } = useTranslation('wall');
  const dispatch = useAppDispatch();
  const [credential, setCredential] = useState(readWallCredential);
  const [running, setRunning] = useState(false);
  const forget = useCallback(() => {
    writeWallCredential(null);
    setCredential(null);
  }, []);
  // The credential is in place before the first call of the wall's content, and forgotten when the page goes.
  useEffect(() => {
    if (!credential) return;
    runOnDevice({ credential, onRefused: forget });
    setRunning(true);
    return () => {
      runOnDevice(null);
      setRunning(false);
      dispatch(api.util.resetApiState());
    };
  }, [credential]);
  const onPair = useCallback(
    async (code: string) => {
      const lang: Lang = isLang(i18n.language) ? i18n.language : 'cn';
      setCredential(await pairWall(code, lang, t('notAWall')));
    },
    [i18n.language],
  );
  const onLanguage = useCallback((lang: Lang) => void i18n.changeLanguage(lang), []);
  if (!credential)
    return (
      <PairingScreen onPair={onPair} onLanguage={onLanguage} title={t('pairing.title')} hint={t('pairing.hint')} />
    );
  return running ? <PairedWall credential={credential} onRefused={forget} /> : null;
}
