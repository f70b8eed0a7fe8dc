/**
 * The dashboard as a wall screen, without the layout (/room/dashboardx for a signed-in user, /wall on a wall screen's
 * device credential, docs/product-rules.md R19.12). It cycles through the configured panels (or every location) and,
 * for each place, shows a bookings page (who is where, the charts) for the booking slide time, then an environment
 * page (the sensors' values) for the environment slide time; a place without sensor values skips its environment
 * page.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Message } from 'semantic-ui-react';
import { useConfigQuery } from '../../../app/api.ts';
import { isoDate } from '../../../components/format.ts';
import { PressedButton } from '../../../components/PressedButton.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import type { PanelView } from '../api.ts';
import { DashboardLive, useLivePlace } from './DashboardLive.tsx';
import { DashboardPanels } from './DashboardPanels.tsx';
import '../i18n.ts';

interface Place {
  key: string;
  name: string;
  locationId?: number;
  floorId?: number;
  bookingSeconds: number;
  environmentSeconds: number;
}
type Page = 'bookings' | 'environment';

const seconds = (value: unknown, fallback: number) => Number(value) || fallback;

/** Where the wall's places come from: the panels (none: every location, as `locations` lists them). */
export interface WallSource {
  panels: PanelView[] | undefined;
  locations: ReadonlyArray<{ id: number; name: string }>;
}

/**
 * The wall screen's content for the places of `source`: read through the api slice, so the same content runs on a
 * signed-in user's session (/room/dashboardx) and on a wall screen's device credential (/wall).
 */
export function WallView({ panels, locations }: WallSource) {
  const { t } = useTranslation('room');
  usePageTitle(t('dashboard.wall'));
  const { data: config } = useConfigQuery();
  const bookingDefault = seconds(config?.config.dashboardBookingSlideSeconds, 10);
  const environmentDefault = seconds(config?.config.dashboardEnvSlideSeconds, 10);
  const places = useMemo<Place[]>(() => {
    const configured = panels ?? [];
    if (configured.length) {
      return configured.map((p) => ({
        key: `p${p.id}`,
        name: p.name,
        locationId: p.locationId ?? undefined,
        floorId: p.floorId ?? undefined,
        bookingSeconds: seconds(p.bookingSlideSeconds, bookingDefault),
        environmentSeconds: seconds(p.environmentSlideSeconds, environmentDefault),
      }));
    }
    return locations.map((l) => ({
      key: `l${l.id}`,
      name: l.name,
      locationId: l.id,
      bookingSeconds: bookingDefault,
      environmentSeconds: environmentDefault,
    }));
  }, [panels, locations, bookingDefault, environmentDefault]);
  const [at, setAt] = useState(0);
  const [page, setPage] = useState<Page>('bookings');
  const [paused, setPaused] = useState(false);
  const place = places.length ? places[at % places.length] : null;
  const live = useLivePlace(place?.locationId, place?.floorId);
  const hasReadings = live.items.some((r) => r.readings.length > 0);
  const cycles = places.length > 1 || hasReadings;
  const advance = () => {
    if (page === 'bookings' && hasReadings) return setPage('environment');
    setPage('bookings');
    setAt((n) => (places.length ? (n + 1) % places.length : 0));
  };
  const shownSeconds = place ? (page === 'bookings' ? place.bookingSeconds : place.environmentSeconds) : 0;
  useEffect(() => {
    if (!place || !cycles || paused) return;
    const timer = setTimeout(advance, shownSeconds * 1000);
    return () => clearTimeout(timer);
  }, [place, page, cycles, paused, shownSeconds, hasReadings]);
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const q = {
    from: isoDate(new Date(now.getTime() - 7 * 86_400_000)),
    to: isoDate(now),
    locationId: place?.locationId,
    floorId: place?.floorId,
  };
  return (
    <main
      className="dashboard-wall"
      tabIndex={-1}
      style={{ padding: '1.5em', minHeight: '100vh', background: '#f7f8fa' }}
      aria-labelledby="wall-title"
    >
      <header style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline' }}>
        <h1 id="wall-title" className="ui header" data-testid="wall-place">
          {place ? place.name : t('dashboard.wall')}
        </h1>
        <span aria-live="off" style={{ fontSize: '1.4em' }}>
          {now.toLocaleString()}
        </span>
      </header>
      {place && cycles && (
        <div style={{ display: 'flex', gap: '0.5em', alignItems: 'center' }}>
          <span className="muted" aria-live="polite" data-testid="wall-slide" data-page={page}>
            {t('dashboard.slide', {
              n: (at % places.length) + 1,
              of: places.length,
              page: t(`dashboard.live.${page}Page`),
              s: shownSeconds,
            })}
          </span>
          <PressedButton
            look="mini basic"
            icon={paused ? 'play' : 'pause'}
            pressed={paused}
            onClick={() => setPaused((p) => !p)}
            data-testid="wall-pause"
          >
            {paused ? t('dashboard.resume') : t('dashboard.pause')}
          </PressedButton>
          <Button
            type="button"
            size="mini"
            basic
            icon="forward"
            content={t('dashboard.next')}
            onClick={advance}
            data-testid="wall-next"
          />
        </div>
      )}
      {!place && <Message info content={t('dashboard.noPlaces')} />}
      {place && <DashboardLive key={`${page}-${place.key}`} place={place.name} view={page} live={live} />}
      {place && page === 'bookings' && <DashboardPanels key={place.key} q={q} large />}
    </main>
  );
}
