/** A wall screen card's last day of one indicator (the first its sensors measured, by display order), small. */
import { useTranslation } from 'react-i18next';
import type { Indicator } from '../../../../../core/modules/environment/schema.ts';
import { useEnvironmentHistoryQuery } from '../api.ts';
import { LineChart } from './LineChart.tsx';

/** The indicators a wall shows a day of, in order of preference. */
const SHOWN: readonly Indicator[] = ['temperature', 'co2', 'humidity', 'pm25'];

export function EnvironmentSparkline({ resourceId, name }: { resourceId: number; name: string }) {
  const { t } = useTranslation('room');
  // Refetched with the wall's slides at most every five minutes: the history changes slowly.
  const { data } = useEnvironmentHistoryQuery({ id: resourceId, range: '24h' }, { pollingInterval: 300_000 });
  if (!data || data.resolution !== 'raw') return null;
  const axis = new Map(data.sensors.map((s) => [s.deviceId, s.at]));
  const indicator = SHOWN.find((i) => data.indicators[i].some((s) => s.value.some((v) => v !== null)));
  if (!indicator) return null;
  const lines = data.indicators[indicator].map((s) => ({ at: axis.get(s.deviceId) ?? [], values: s.value }));
  const what = t(`dashboard.live.${indicator}`);
  return (
    <figure style={{ margin: '0.5em 0 0' }} data-testid="live-history">
      <figcaption className="muted">{t('dashboard.live.lastDay', { indicator: what })}</figcaption>
      <LineChart lines={lines} label={t('environment.chart', { indicator: what, room: name })} />
    </figure>
  );
}
