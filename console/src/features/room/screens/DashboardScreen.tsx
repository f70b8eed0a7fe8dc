/** /room/dashboard: the data panel for a chosen range and place; below it, the wall screen's panels. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Form, Message } from 'semantic-ui-react';
import { isoDate } from '../../../components/format.ts';
import type { Dashboard } from '../api.ts';
import { useFloorChoices, useLocationChoices } from '../components/choices.ts';
import { DashboardPanelEditor } from '../components/DashboardPanelEditor.tsx';
import { DashboardPanels } from '../components/DashboardPanels.tsx';
import { FilterSelect } from '../components/FilterSelect.tsx';
import '../i18n.ts';

export default function DashboardScreen() {
  const { t } = useTranslation('room');
  // ?from=&to=&locationId= in the address open the dashboard on that range and place.
  const [search] = useSearchParams();
  const given = (k: string) => (/^\d{4}-\d{2}-\d{2}$/.test(search.get(k) ?? '') ? (search.get(k) as string) : null);
  const [from, setFrom] = useState(() => given('from') ?? isoDate(new Date(Date.now() - 30 * 86_400_000)));
  const [to, setTo] = useState(() => given('to') ?? isoDate(new Date()));
  const [locationId, setLocationId] = useState<number | ''>(() => Number(search.get('locationId')) || '');
  const [floorId, setFloorId] = useState<number | ''>('');
  const locations = useLocationChoices();
  const floors = useFloorChoices(locationId || null);
  const valid = Boolean(from && to && from <= to);
  const q: Dashboard = { from, to, locationId: locationId || undefined, floorId: floorId || undefined };
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
          <FilterSelect
            id="dash-location"
            label={t('field.location')}
            allText={t('allPlaces')}
            value={locationId}
            onChange={(v) => {
              setLocationId(v);
              setFloorId('');
            }}
            options={locations.map((l) => ({ value: l.id, text: l.name }))}
          />
          <FilterSelect
            id="dash-floor"
            label={t('field.floor')}
            value={floorId}
            disabled={!locationId}
            onChange={setFloorId}
            options={floors.map((f) => ({ value: f.id, text: f.displayName }))}
          />
        </Form.Group>
      </Form>
      {valid ? <DashboardPanels q={q} /> : <Message warning content={t('form.endBeforeStart')} />}
      <DashboardPanelEditor />
    </section>
  );
}
