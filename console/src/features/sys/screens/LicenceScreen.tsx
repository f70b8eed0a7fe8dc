/** /sys/licence: the licence's state, limits and use; registering a new one ends every session. */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon, Label, Loader, Segment, Table } from 'semantic-ui-react';
import { uploadFile } from '../../../app/files.ts';
import { useCan, useToast } from '../../../app/hooks.ts';
import { navigate } from '../../../app/navigation.ts';
import { signedOut } from '../../../app/sessionSlice.ts';
import { useAppDispatch } from '../../../app/store.ts';
import { formatTime, humanise } from '../../../components/format.ts';
import { ScreenFrame } from '../../../components/ScreenFrame.tsx';
import { useLicenceQuery, type LicenceStatus } from '../api.ts';
import { ReleaseNotice } from '../components/ReleaseNotice.tsx';
import '../i18n.ts';

const TONE: Record<LicenceStatus['state'], string> = {
  registered: 'green',
  expired: 'orange',
  dataError: 'red',
  unregistered: 'grey',
};
const text = (v: unknown) => (v == null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

export default function LicenceScreen() {
  const { t, i18n } = useTranslation('sys');
  const can = useCan();
  const toast = useToast();
  const dispatch = useAppDispatch();
  const { data: info, isLoading, refetch } = useLicenceQuery();
  const [busy, setBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const upload = async (file: File) => {
    if (!/\.txt$/i.test(file.name)) return toast('error', t('licence.txtOnly'));
    setBusy(true);
    const res = await dispatch(uploadFile('/sys/licence', { file }));
    setBusy(false);
    if (!('data' in res)) return;
    toast('success', t('licence.registered'));
    dispatch(signedOut());
    navigate('/login', { replace: true });
  };
  if (isLoading) return <Loader active inline="centered" />;
  const label = (k: string) => t(`field.${k}`, { defaultValue: humanise(k) });
  const rows = { ...info?.licence, ...info?.limits };
  return (
    <ScreenFrame title={t('title.licence')} id="licence">
      <ReleaseNotice />
      <Segment data-testid="licence">
        <p>
          {t('licence.state')}:{' '}
          <Label color={TONE[info?.state ?? 'unregistered'] as never}>
            {t(`licenceState.${info?.state ?? 'unregistered'}`)}
          </Label>
        </p>
        <Table compact definition aria-label={t('title.licence')}>
          <Table.Body>
            {Object.entries(rows).map(([k, v]) => (
              <Table.Row key={k}>
                <Table.Cell>{label(k)}</Table.Cell>
                <Table.Cell>{/At$/.test(k) ? formatTime(v, i18n.language) : text(v)}</Table.Cell>
              </Table.Row>
            ))}
            {Object.entries(info?.usage ?? {}).map(([k, v]) => (
              <Table.Row key={`u-${k}`}>
                <Table.Cell>
                  {t('licence.usage')}: {label(k)}
                </Table.Cell>
                <Table.Cell>{text(v)}</Table.Cell>
              </Table.Row>
            ))}
            <Table.Row>
              <Table.Cell>{t('licence.installedAt')}</Table.Cell>
              <Table.Cell>{formatTime(info?.installedAt, i18n.language)}</Table.Cell>
            </Table.Row>
          </Table.Body>
        </Table>
        {can('sys:licence:register') && (
          <>
            <Button
              type="button"
              primary
              icon
              labelPosition="left"
              loading={busy}
              onClick={() => fileRef.current?.click()}
            >
              <Icon name="upload" aria-hidden="true" />
              {t('licence.upload')}
            </Button>
            <input
              ref={fileRef}
              type="file"
              accept=".txt,text/plain"
              hidden
              aria-label={t('licence.upload')}
              onChange={(e) => {
                const f = e.target.files?.[0];
                e.target.value = '';
                if (f) void upload(f);
              }}
            />
            <p style={{ marginTop: '.5em', color: '#555' }}>{t('licence.reLogin')}</p>
          </>
        )}
        <Button type="button" basic onClick={() => void refetch()}>
          {t('refresh')}
        </Button>
      </Segment>
    </ScreenFrame>
  );
}
