/** /room/dashboardx: the dashboard as a wall screen, without the layout, cycling through the configured panels (or every location). */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Message } from 'semantic-ui-react';
import { useConfigQuery } from '../../app/api.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useOptions, useRoomGetQuery, type Location, type Panel } from './api.ts';
import { isoDate } from './common.tsx';
import { DashboardLive } from './DashboardLive.tsx';
import { DashboardPanels } from './DashboardPanels.tsx';

interface Slide { key: string; name: string; locationId?: number; floorId?: number; seconds: number }

export default function DashboardWall() {
  const { t } = useTranslation('room');
  usePageTitle(t('dashboard.wall'));
  const { data: config } = useConfigQuery();
  const { data: panels } = useRoomGetQuery('/room/dashboard/panels');
  const { data: locations } = useOptions<Location>('/room/locations', {});
  const fallback = Number(config?.config.dashboardBookingSlideSeconds ?? 10) || 10;
  const slides = useMemo<Slide[]>(() => {
    const configured = (panels as Panel[] | undefined) ?? [];
    if (configured.length) {
      return configured.map((p) => ({ key: `p${p.id}`, name: p.name, locationId: p.locationId ?? undefined, floorId: p.floorId ?? undefined, seconds: p.bookingSlideSeconds || fallback }));
    }
    return (locations?.items ?? []).map((l) => ({ key: `l${l.id}`, name: l.name, locationId: l.id, seconds: fallback }));
  }, [panels, locations, fallback]);
  const [at, setAt] = useState(0);
  const [paused, setPaused] = useState(false);
  const slide = slides.length ? slides[at % slides.length] : null;
  useEffect(() => {
    if (!slide || slides.length < 2 || paused) return;
    const timer = setTimeout(() => setAt((n) => (n + 1) % slides.length), slide.seconds * 1000);
    return () => clearTimeout(timer);
  }, [slide, slides.length, paused]);
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const q = { from: isoDate(new Date(now.getTime() - 7 * 86_400_000)), to: isoDate(now), locationId: slide?.locationId, floorId: slide?.floorId };
  return (
    <main className="dashboard-wall" tabIndex={-1} style={{ padding: '1.5em', minHeight: '100vh', background: '#f7f8fa' }} aria-labelledby="wall-title">
      <header style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline' }}>
        <h1 id="wall-title" className="ui header" data-testid="wall-place">{slide ? slide.name : t('dashboard.wall')}</h1>
        <span aria-live="off" style={{ fontSize: '1.4em' }}>{now.toLocaleString()}</span>
      </header>
      {slides.length > 1 && (
        <div style={{ display: 'flex', gap: '0.5em', alignItems: 'center' }}>
          <span className="muted" aria-live="polite">{t('dashboard.slide', { n: (at % slides.length) + 1, of: slides.length, s: slide?.seconds })}</span>
          <Button type="button" size="mini" basic icon={paused ? 'play' : 'pause'} content={paused ? t('dashboard.resume') : t('dashboard.pause')} aria-pressed={paused} onClick={() => setPaused((p) => !p)} data-testid="wall-pause" />
          <Button type="button" size="mini" basic icon="forward" content={t('dashboard.next')} onClick={() => setAt((n) => (n + 1) % slides.length)} data-testid="wall-next" />
        </div>
      )}
      {slide && <DashboardLive key={`live-${slide.key}`} place={slide.name} locationId={slide.locationId} floorId={slide.floorId} />}
      {slide ? <DashboardPanels key={slide.key} q={q} large /> : <Message info content={t('dashboard.noPlaces')} />}
    </main>
  );
}
