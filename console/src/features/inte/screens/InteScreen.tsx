/**
 * One integration kind (/inte/<screen>): the provider's health, its settings
 * form with a connection test, the devices it lists, the directory sync and group mapping (apps), the mirrored
 * rooms and the meetings read back from their calendars (calendar), and its
 * deliveries (the outbox) with a retry.
 */
import { useTranslation } from 'react-i18next';
import { Loader, Message, Segment } from 'semantic-ui-react';
import { formatTime, inLang } from '../../../components/format.ts';
import { ScreenFrame } from '../../../components/ScreenFrame.tsx';
import { StatusLabel, type Tone } from '../../../components/StatusLabel.tsx';
import {
  useInteKindsQuery,
  useInteSettingsQuery,
  type HealthState,
  type PluginKind,
  type SettingsView,
} from '../api.ts';
import { Calendar } from '../components/calendar/Calendar.tsx';
import { Directory } from '../components/directory/Directory.tsx';
import { KindSettings } from '../components/KindSettings.tsx';
import { Outbox } from '../components/Outbox.tsx';
import { ProviderDevices } from '../components/ProviderDevices.tsx';
import '../i18n.ts';

/** The kinds whose providers list devices to bind to rooms. */
const LISTING = new Set<PluginKind>(['environment', 'occupancy', 'face', 'eink', 'access', 'switch']);
const HEALTH: Record<HealthState, Tone> = { ok: 'green', failing: 'red', unknown: 'grey' };

function Health({ health }: { health: SettingsView['health'] }) {
  const { t, i18n } = useTranslation('inte');
  return (
    <p>
      {t('health')}:{' '}
      <StatusLabel tone={HEALTH[health.state]} data-testid="inte-health">
        {t(`healthState.${health.state}`)}
      </StatusLabel>
      {health.detail && <span style={{ marginLeft: '.5em' }}>{health.detail}</span>}
      {health.at && <small style={{ marginLeft: '.5em', color: '#555' }}>{formatTime(health.at, i18n.language)}</small>}
    </p>
  );
}

export default function InteScreen({ kind: name }: { kind: PluginKind }) {
  const { t, i18n } = useTranslation('inte');
  const kinds = useInteKindsQuery();
  const current = useInteSettingsQuery(name);
  const kind = kinds.data?.kinds.find((k) => k.kind === name);
  const view = current.data;
  const title = kind ? inLang(kind.names, i18n.language) : t(`kinds.${name}`);
  const body =
    kinds.isLoading || current.isLoading ? (
      <Loader active inline="centered" />
    ) : !kind || !view ? (
      <Message
        warning
        content={((kinds.error ?? current.error) as { msg?: string } | undefined)?.msg || t('unknownKind')}
      />
    ) : (
      <div className="inte-screen" data-testid={`inte-${kind.screen}`}>
        <Segment>
          <Health health={view.health} />
          <KindSettings kind={kind} view={view} title={title} />
        </Segment>
        {LISTING.has(kind.kind) && <ProviderDevices kind={kind.kind} screen={kind.screen} />}
        {kind.kind === 'apps' && <Directory />}
        {kind.kind === 'calendar' && <Calendar />}
        <Outbox kind={kind.kind} screen={kind.screen} />
      </div>
    );
  return (
    <ScreenFrame title={title} id="integration">
      {body}
    </ScreenFrame>
  );
}

/** The screen of one kind, for the section's list of screens. */
export function inteScreenOf(kind: PluginKind) {
  return function KindScreen() {
    return <InteScreen kind={kind} />;
  };
}
