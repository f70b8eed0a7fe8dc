/** The dashboard's panels for a range and place: utilisation by place and by type, the hour-of-week heat map, the no-show rate, booked-but-empty time, the top resources. */
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Grid, Loader, Segment, Statistic } from 'semantic-ui-react';
import { useHeatmapQuery, useNoShowsQuery, useTopResourcesQuery, useUtilisationQuery, type Dashboard } from '../api.ts';
import { BarChart, HeatMap, RateRing } from './charts.tsx';

export function DashboardPanels({ q, large = false }: { q: Dashboard; large?: boolean }) {
  const { t } = useTranslation('room');
  const byPlace = useUtilisationQuery({ ...q, groupBy: q.locationId ? 'floor' : 'location' });
  const byType = useUtilisationQuery({ ...q, groupBy: 'type' });
  const heat = useHeatmapQuery(q);
  const noShow = useNoShowsQuery(q);
  const top = useTopResourcesQuery({ ...q, limit: 10 });
  const pct = useCallback((v: number) => `${Math.round(v * 100)}%`, []);
  const count = useCallback((v: number) => String(Math.round(v)), []);
  const typeName = (key: string) =>
    key === '0' ? t('type.room') : key === '1' ? t('type.desk') : t('type.other', { n: key });
  const days = [0, 1, 2, 3, 4, 5, 6].map((d) => t(`weekdayShort.${d}`));
  const panel = (title: string, id: string, loading: boolean, body: ReactNode, empty: boolean) => (
    <Grid.Column>
      <Segment
        as="section"
        aria-labelledby={`dash-${id}`}
        data-testid={`panel-${id}`}
        style={{ minHeight: large ? 320 : 240 }}
      >
        <h2 id={`dash-${id}`} className="ui small header">
          {title}
        </h2>
        {loading ? (
          <Loader active inline="centered" />
        ) : empty ? (
          <p className="muted" data-testid="panel-empty">
            {t('dashboard.noData')}
          </p>
        ) : (
          body
        )}
      </Segment>
    </Grid.Column>
  );
  const places = byPlace.data ?? [];
  const types = byType.data ?? [];
  const grid = heat.data ?? [];
  const ns = noShow.data;
  const tops = top.data ?? [];
  // Booked-but-empty time over the rooms whose sensors reported ("ghost meetings").
  const sensed = places.reduce((n, r) => n + r.sensedMinutes, 0);
  const empty = places.reduce((n, r) => n + r.emptyMinutes, 0);
  return (
    <Grid stackable columns={2} data-testid="dashboard-panels">
      {panel(
        q.locationId ? t('dashboard.byFloor') : t('dashboard.byPlace'),
        'place',
        byPlace.isLoading,
        <BarChart
          label={t('dashboard.byPlace')}
          bars={places.map((r) => ({ label: r.name, value: r.utilisation }))}
          format={pct}
          maxValue={1}
          testId="chart-place"
        />,
        places.length === 0,
      )}
      {panel(
        t('dashboard.byType'),
        'type',
        byType.isLoading,
        <BarChart
          label={t('dashboard.byType')}
          bars={types.map((r) => ({ label: typeName(r.key.replace(/^t/, '')), value: r.utilisation }))}
          format={pct}
          maxValue={1}
          testId="chart-type"
        />,
        types.length === 0,
      )}
      {panel(
        t('dashboard.heatmap'),
        'heatmap',
        heat.isLoading,
        <HeatMap grid={grid} label={t('dashboard.heatmap')} dayNames={days} testId="chart-heatmap" />,
        grid.length === 0,
      )}
      {panel(
        t('dashboard.noShow'),
        'noshow',
        noShow.isLoading,
        ns && (
          <div style={{ display: 'flex', alignItems: 'center', gap: '1em' }}>
            <RateRing rate={ns.rate} label={t('dashboard.noShow')} testId="chart-noshow" />
            <Statistic.Group size="mini" widths={1}>
              <Statistic label={t('dashboard.expected')} value={ns.expected} />
              <Statistic label={t('dashboard.noShows')} value={ns.noShows} />
            </Statistic.Group>
          </div>
        ),
        !ns,
      )}
      {panel(
        t('dashboard.ghost'),
        'ghost',
        byPlace.isLoading,
        <div style={{ display: 'flex', alignItems: 'center', gap: '1em' }}>
          <RateRing rate={sensed > 0 ? empty / sensed : 0} label={t('dashboard.ghost')} testId="chart-ghost" />
          <Statistic.Group size="mini" widths={1}>
            <Statistic label={t('dashboard.sensedHours')} value={Math.round(sensed / 6) / 10} />
            <Statistic label={t('dashboard.emptyHours')} value={Math.round(empty / 6) / 10} />
          </Statistic.Group>
        </div>,
        sensed === 0,
      )}
      {panel(
        t('dashboard.top'),
        'top',
        top.isLoading,
        <BarChart
          label={t('dashboard.top')}
          bars={tops.map((r) => ({ label: r.name, value: r.bookings }))}
          format={count}
          testId="chart-top"
        />,
        tops.length === 0,
      )}
    </Grid>
  );
}
