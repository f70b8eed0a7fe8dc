/**
 * A pairing code as the server answered it, once (docs/product-rules.md R19.1): the 8 digits large, their QR code
 * (the tablet screen's address carrying the code), the time left and what to do on the tablet. It watches the room's
 * tablets meanwhile, so the administrator sees the moment the tablet pairs instead of reloading the list.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Message, Modal } from 'semantic-ui-react';
import { useAppDispatch } from '../../../app/store.ts';
import { sysApi, useTabletListQuery, type PairingCode, type TabletView } from '../api.ts';
import '../i18n.ts';

/** How long a code is valid (R19.1). Counted from its arrival here: the browser's clock may differ from the server's. */
const VALID_MS = 10 * 60_000;
const WATCH_EVERY_MS = 3000;

const mmss = (ms: number) => {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

function PairingQr({ url, label }: { url: string; label: string }) {
  const [svg, setSvg] = useState('');
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((m) => m.toString(url, { type: 'svg', margin: 2, width: 220, errorCorrectionLevel: 'M' }))
      .then((s) => live && setSvg(s));
    return () => {
      live = false;
    };
  }, [url]);
  // qrcode's own SVG, made from the address alone
  return <div role="img" aria-label={label} data-testid="tablet-qr" dangerouslySetInnerHTML={{ __html: svg }} />;
}

/** What a tablet shows: its room, or for a wall screen "Wall screen" and its one panel (R19.12). */
export function placeOf(
  tb: Pick<TabletView, 'purpose' | 'resourceName' | 'panelName'>,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  if (tb.purpose !== 'wall') return tb.resourceName;
  return tb.panelName ? t('tablets.wallOf', { panel: tb.panelName }) : t('tablets.wallScreen');
}

/** The tablet this code paired: one of its room's, paired after the code was issued (the same tablet on a re-pairing). */
function usePairedTablet(answer: PairingCode, watching: boolean): TabletView | null {
  const dispatch = useAppDispatch();
  const [paired, setPaired] = useState<TabletView | null>(null);
  const issuedAt = answer.expiresAt - VALID_MS;
  const { data } = useTabletListQuery(
    { resourceId: answer.resourceId ?? undefined, page: 1, pageSize: 100, silent: true },
    { pollingInterval: watching && !paired ? WATCH_EVERY_MS : 0 },
  );
  const found = data?.items.find(
    (tb) =>
      tb.state === 'active' &&
      tb.purpose === answer.purpose &&
      tb.pairedAt >= issuedAt &&
      (answer.tabletId === null || tb.id === answer.tabletId),
  );
  useEffect(() => {
    if (!found || paired) return;
    setPaired(found);
    dispatch(sysApi.util.invalidateTags(['Sys']));
  }, [found, paired]);
  return paired;
}

export function TabletPairingDialog({
  answer,
  title,
  onRenew,
  renewing,
  onClose,
}: {
  answer: PairingCode;
  title: string;
  /** Asks for another code once this one has expired. */
  onRenew: () => void;
  renewing: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('sys');
  const [deadline] = useState(() => Date.now() + VALID_MS);
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, deadline - now);
  const paired = usePairedTablet(answer, left > 0);
  useEffect(() => {
    if (left === 0 || paired) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left === 0, paired]);
  const address = answer.url.split('?')[0] ?? answer.url;
  return (
    <Modal open size="small" onClose={onClose} aria-labelledby="tablet-code-title" data-testid="tablet-code">
      <Modal.Header as="h2" id="tablet-code-title">
        {title}
      </Modal.Header>
      <Modal.Content>
        {paired ? (
          <Message positive role="status" data-testid="tablet-paired">
            {t('tablets.paired', { name: paired.name, room: placeOf(paired, t) })}
          </Message>
        ) : left === 0 ? (
          <Message warning role="status" data-testid="tablet-code-expired">
            {t('tablets.expired')}
          </Message>
        ) : (
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: '1.5em', alignItems: 'center' }}>
            <PairingQr url={answer.url} label={t('tablets.qr', { code: answer.code })} />
            <div style={{ flex: '1 1 16em' }}>
              <div style={{ color: '#555' }}>{t('tablets.codeLabel')}</div>
              <div
                data-testid="tablet-code-digits"
                data-code={answer.code}
                style={{ fontSize: '3em', fontFamily: 'monospace', letterSpacing: '0.12em', lineHeight: 1.2 }}
              >
                {answer.code.slice(0, 4)} {answer.code.slice(4)}
              </div>
              <p role="timer" data-testid="tablet-code-left">
                {t('tablets.timeLeft', { time: mmss(left) })}
              </p>
              <p>
                {t('tablets.instruction', { url: address })
                  .split(address)
                  .flatMap((part, i) => (i ? [<code key={i}>{address}</code>, part] : [part]))}
              </p>
              <p style={{ color: '#555' }}>{t('tablets.once')}</p>
            </div>
          </div>
        )}
      </Modal.Content>
      <Modal.Actions>
        {!paired && left === 0 && (
          <Button type="button" loading={renewing} disabled={renewing} onClick={onRenew} data-testid="tablet-renew">
            {t('tablets.newCode')}
          </Button>
        )}
        <Button type="button" primary onClick={onClose} data-testid="tablet-code-close">
          {t('close')}
        </Button>
      </Modal.Actions>
    </Modal>
  );
}
