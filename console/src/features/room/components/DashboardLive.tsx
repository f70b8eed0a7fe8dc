/**
 * The wall screen's pages of a place (GET /room/dashboard/live, every 30 s): "Now in <place>", each resource
 * free / in use / next at with its meetings; and "Environment in <place>", each resource's sensor values.
 */
import { useTranslation } from 'react-i18next';
import { Card, Loader, Message } from 'semantic-ui-react';
import { StatusLabel } from '../../../components/StatusLabel.tsx';
import { useLiveQuery, type LiveResource } from '../api.ts';
import { EnvironmentSparkline } from './EnvironmentSparkline.tsx';

type LiveBooking = NonNullable<LiveResource['current']>;
type Reading = LiveResource['readings'][number];
export type ReadingField = Exclude<keyof Reading, 'deviceId' | 'at'>;

/** Each environment value the server reports, with its unit and decimals; shown in this order. */
const UNITS: Record<ReadingField, { unit: string; digits: number }> = {
  temperature: { unit: '°C', digits: 1 },
  humidity: { unit: '%', digits: 0 },
  co2: { unit: 'ppm', digits: 0 },
  pm25: { unit: 'µg/m³', digits: 0 },
  pm10: { unit: 'µg/m³', digits: 0 },
  tvoc: { unit: 'mg/m³', digits: 2 },
  hcho: { unit: 'mg/m³', digits: 2 },
  pressure: { unit: 'hPa', digits: 0 },
};
export const READINGS = (Object.keys(UNITS) as ReadingField[]).map((field) => ({ field, ...UNITS[field] }));

const locale = (lang: string) => (lang === 'cn' ? 'zh-CN' : lang);

/** `23.5 °C`, `41%`: the number in the page's language with its unit. */
export function formatReading(value: number, unit: string, digits: number, lang: string): string {
  const n = new Intl.NumberFormat(locale(lang), { maximumFractionDigits: digits }).format(value);
  return unit === '%' ? `${n}%` : `${n} ${unit}`;
}

function Meeting({ label, booking }: { label: string; booking: LiveBooking }) {
  const { t } = useTranslation('room');
  return (
    <p style={{ margin: '0.3em 0' }} data-testid="live-booking">
      <strong>{label}</strong> {booking.startTime}–{booking.endTime}{' '}
      <span data-testid="live-subject">{booking.subject ?? t('dashboard.live.hidden')}</span>
      {booking.organiserName && (
        <span className="muted"> · {t('dashboard.live.by', { name: booking.organiserName })}</span>
      )}
    </p>
  );
}

export type LiveView = 'bookings' | 'environment';

export interface LivePlace {
  items: LiveResource[];
  total: number;
  loading: boolean;
}

/** The live state of a place, refreshed every 30 s (nothing is asked without a place). */
export function useLivePlace(locationId?: number, floorId?: number): LivePlace {
  const { data, isLoading } = useLiveQuery(
    { locationId, floorId },
    { skip: !locationId && !floorId, pollingInterval: 30_000 },
  );
  return { items: data?.items ?? [], total: data?.total ?? 0, loading: isLoading };
}

function ResourceCard({ r, view }: { r: LiveResource; view: LiveView }) {
  const { t, i18n } = useTranslation('room');
  const values = READINGS.flatMap(({ field, unit, digits }) => {
    const reading = r.readings.find((x) => typeof x[field] === 'number');
    return reading ? [{ field, text: formatReading(reading[field]!, unit, digits, i18n.language) }] : [];
  });
  const state = r.current ? (
    <StatusLabel tone="red" data-testid="live-state">
      {t('dashboard.live.inUse')}
    </StatusLabel>
  ) : r.next ? (
    <StatusLabel tone="orange" data-testid="live-state">
      {t('dashboard.live.nextAt', { time: r.next.startTime })}
    </StatusLabel>
  ) : (
    <StatusLabel tone="green" data-testid="live-state">
      {t('dashboard.live.free')}
    </StatusLabel>
  );
  const headingId = `live-r${r.id}`;
  return (
    <Card as="article" aria-labelledby={headingId} data-testid="live-resource" data-id={r.id}>
      <Card.Content>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: '0.5em' }}>
          <h3 id={headingId} className="ui small header" style={{ margin: 0 }}>
            {r.name}
          </h3>
          {state}
        </div>
        {r.floorName && <div className="muted">{r.floorName}</div>}
        {view === 'bookings' && r.current && (
          <>
            <Meeting label={t('dashboard.live.current')} booking={r.current} />
            <p className="muted" style={{ margin: 0 }}>
              {r.current.checkedIn ? t('dashboard.live.checkedIn') : t('dashboard.live.notCheckedIn')}
            </p>
          </>
        )}
        {view === 'bookings' && r.next && <Meeting label={t('dashboard.live.next')} booking={r.next} />}
      </Card.Content>
      {view === 'environment' && (
        <Card.Content>
          {values.length ? (
            <dl
              className="live-readings"
              data-testid="live-readings"
              style={{
                display: 'grid',
                gridTemplateColumns: 'auto auto',
                gap: '0.2em 1em',
                margin: 0,
                fontSize: '1.2em',
              }}
            >
              {values.map((v) => (
                <div key={v.field} style={{ display: 'contents' }}>
                  <dt>{t(`dashboard.live.${v.field}`)}</dt>
                  <dd style={{ margin: 0, fontWeight: 600 }} data-testid={`live-${v.field}`}>
                    {v.text}
                  </dd>
                </div>
              ))}
            </dl>
          ) : (
            <span className="muted">{t('dashboard.live.noReadings')}</span>
          )}
          {values.length > 0 && <EnvironmentSparkline resourceId={r.id} name={r.name} />}
        </Card.Content>
      )}
    </Card>
  );
}

export function DashboardLive({ place, view, live }: { place: string; view: LiveView; live: LivePlace }) {
  const { t } = useTranslation('room');
  const { items, total, loading } = live;
  return (
    <section aria-labelledby="live-title" data-testid="dashboard-live" data-view={view} style={{ margin: '1em 0' }}>
      <h2 id="live-title" className="ui header">
        {t(view === 'bookings' ? 'dashboard.live.title' : 'dashboard.live.environmentTitle', { place })}
      </h2>
      {loading ? (
        <Loader active inline="centered" />
      ) : items.length === 0 ? (
        <Message info content={t('dashboard.live.empty')} data-testid="live-empty" />
      ) : (
        <>
          <Card.Group itemsPerRow={4} stackable>
            {items.map((r) => (
              <ResourceCard key={r.id} r={r} view={view} />
            ))}
          </Card.Group>
          {total > items.length && <p className="muted">{t('dashboard.live.more', { shown: items.length, total })}</p>}
        </>
      )}
    </section>
  );
}
