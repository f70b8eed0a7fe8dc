/**
 * A room's environment over the last 24 hours (every reading) or 7 days (hourly averages), one chart per indicator
 * its sensors measured (docs/product-rules.md R20.3). A room without sensors, or one the viewer may not read, says
 * there is nothing to show.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Header, Loader } from 'semantic-ui-react';
import type { Indicator } from '../../../../../core/modules/environment/schema.ts';
import { keysOf } from '../../../components/format.ts';
import { useEnvironmentHistoryQuery, type HistoryRange, type HistoryView } from '../api.ts';
import { LineChart, type Line } from './LineChart.tsx';

/** The server's indicators in its display order (every one named: a new one fails the type check here). */
const INDICATORS = keysOf<Indicator>({
  temperature: true,
  humidity: true,
  co2: true,
  tvoc: true,
  pressure: true,
  hcho: true,
  pm25: true,
  pm10: true,
});

/** Per indicator, one line per sensor that measured it (the hourly average over 7 days). */
function linesOf(view: HistoryView): Array<{ indicator: Indicator; lines: Line[] }> {
  const axis = new Map(view.sensors.map((s) => [s.deviceId, s.at]));
  return INDICATORS.map((indicator) => ({
    indicator,
    lines: (view.indicators[indicator] as Array<{ deviceId: string; value?: unknown; avg?: unknown }>).map((s) => ({
      at: axis.get(s.deviceId) ?? [],
      values: ((view.resolution === 'raw' ? s.value : s.avg) ?? []) as Array<number | null>,
    })),
  })).filter((i) => i.lines.some((l) => l.values.some((v) => v !== null)));
}

export function EnvironmentHistory({ resourceId, name }: { resourceId: number; name: string }) {
  const { t } = useTranslation('room');
  const [range, setRange] = useState<HistoryRange>('24h');
  const { data, isFetching } = useEnvironmentHistoryQuery({ id: resourceId, range });
  const charts = data ? linesOf(data) : [];
  return (
    <section data-testid="environment-history" aria-labelledby="environment-history-title">
      <Header as="h3" id="environment-history-title">
        {t('section.environment')}
      </Header>
      {/* Plain buttons: semantic-ui's announce their pressed state only as a toggle, whose green fails contrast. */}
      <div className="ui small buttons" role="group" aria-label={t('environment.range')}>
        {(['24h', '7d'] as const).map((r) => (
          <button
            key={r}
            type="button"
            className={range === r ? 'ui active button' : 'ui button'}
            aria-pressed={range === r}
            onClick={() => setRange(r)}
            data-testid={`environment-range-${r}`}
          >
            {t(`environment.${r}`)}
          </button>
        ))}
      </div>
      {isFetching ? (
        <Loader active inline="centered" />
      ) : charts.length === 0 ? (
        <p className="muted" data-testid="environment-empty">
          {t('environment.none')}
        </p>
      ) : (
        charts.map(({ indicator, lines }) => (
          <figure key={indicator} style={{ margin: '1em 0' }}>
            <figcaption>{t(`dashboard.live.${indicator}`)}</figcaption>
            <LineChart
              lines={lines}
              label={t('environment.chart', { indicator: t(`dashboard.live.${indicator}`), room: name })}
              testId={`environment-chart-${indicator}`}
            />
          </figure>
        ))
      )}
    </section>
  );
}
