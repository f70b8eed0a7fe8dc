/** /room/dashboard: the data panel for a chosen range and place; below it, the wall screen's panels. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Form, Message } from 'semantic-ui-react';
import { useOptions, type DashboardQuery, type Floor, type Location } from './api.ts';
import { isoDate } from './common.tsx';
import { DashboardPanelEditor } from './DashboardPanelEditor.tsx';
import { DashboardPanels } from './DashboardPanels.tsx';

export default function DashboardScreen() {
  const { t } = useTranslation('room');
  // ?from=&to=&locationId= in the address open the dashboard on that range and place.
  const [search] = useSearchParams();
  const given = (k: string) => (/^\d{4}-\d{2}-\d{2}$/.test(search.get(k) ?? '') ? (search.get(k) as string) : null);
  const [from, setFrom] = useState(() => given('from') ?? isoDate(new Date(Date.now() - 30 * 86_400_000)));
  const [to, setTo] = useState(() => given('to') ?? isoDate(new Date()));
  const [locationId, setLocationId] = useState<number | ''>(() => Number(search.get('locationId')) || '');
  const [floorId, setFloorId] = useState<number | ''>('');
  const { data: locations } = useOptions<Location>('/room/locations', {});
  const { data: floors } = useOptions<Floor>('/room/floors', { locationId: locationId || undefined }, !locationId);
  const valid = Boolean(from && to && from <= to);
  const q: DashboardQuery = { from, to, locationId: locationId || undefined, floorId: floorId || undefined };
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className="ui header">
        {t('dashboard.title')}
      </h1>
      <Form as="div">
        <Form.Group widths="equal">
          <Form.Input
            id="dash-from"
            type="date"
            label={t('field.from')}
            value={from}
            onChange={(_, d) => setFrom(d.value)}
          />
          <Form.Input
            id="dash-to"
            type="date"
            label={t('field.to')}
            value={to}
            onChange={(_, d) => setTo(d.value)}
            error={!valid && from && to ? { content: t('form.endBeforeStart'), pointing: 'above' } : undefined}
          />
          <Form.Field>
            <label htmlFor="dash-location">{t('field.location')}</label>
            <select
              id="dash-location"
              className="ui dropdown"
              value={locationId}
              onChange={(e) => {
                setLocationId(e.target.value ? Number(e.target.value) : '');
                setFloorId('');
              }}
            >
              <option value="">{t('allPlaces')}</option>
              {locations?.items.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
          </Form.Field>
          <Form.Field>
            <label htmlFor="dash-floor">{t('field.floor')}</label>
            <select
              id="dash-floor"
              className="ui dropdown"
              value={floorId}
              disabled={!locationId}
              onChange={(e) => setFloorId(e.target.value ? Number(e.target.value) : '')}
            >
              <option value="">{t('all')}</option>
              {floors?.items.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.displayName}
                </option>
              ))}
            </select>
          </Form.Field>
        </Form.Group>
      </Form>
      {valid ? <DashboardPanels q={q} /> : <Message warning content={t('form.endBeforeStart')} />}
      <DashboardPanelEditor />
    </section>
  );
}
