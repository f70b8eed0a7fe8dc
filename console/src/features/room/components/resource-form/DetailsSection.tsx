/** The resource form's details: name, type, size and equipment counts, place, price, time zone, description. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Header } from 'semantic-ui-react';
import { errorFor } from '../../../../components/crud/index.ts';
import { timeZones } from '../../time-zones.ts';
import { useFloorChoices, useLocationChoices } from '../choices.ts';
import type { ResourceDraft } from './draft.ts';
import type { SectionProps } from './section.ts';

type Numeric = 'capacity' | 'area' | 'cableCount' | 'portCount' | 'outletCount' | 'price';

export function typeName(t: (k: string, o?: Record<string, unknown>) => string, n: number): string {
  return n === 0 ? t('type.room') : n === 1 ? t('type.desk') : t('type.other', { n });
}

export function DetailsSection({ draft, dispatch, errors, types }: SectionProps & { types: number[] }) {
  const { t } = useTranslation('room');
  const locations = useLocationChoices();
  const floors = useFloorChoices(draft.locationId);
  const zones = useMemo(timeZones, []);
  const set = (
    patch: Partial<
      Pick<ResourceDraft, Numeric | 'name' | 'type' | 'teleconferenceNo' | 'floorId' | 'timeZone' | 'description'>
    >,
  ) => dispatch({ type: 'set', patch });
  const num = (k: Numeric, field: string = k, extra: Record<string, unknown> = {}) => (
    <Form.Input
      id={`res-${k}`}
      type="number"
      min={0}
      label={t(`field.${k}`)}
      value={draft[k]}
      error={errorFor(errors, field)}
      onChange={(_, d) => set({ [k]: d.value })}
      {...extra}
    />
  );
  return (
    <>
      <Header as="h3">{t('section.details')}</Header>
      <Form.Group widths="equal">
        <Form.Input
          id="res-name"
          label={t('field.name')}
          required
          maxLength={100}
          value={draft.name}
          error={errorFor(errors, 'name')}
          onChange={(_, d) => set({ name: d.value })}
        />
        <Form.Field required>
          <label htmlFor="res-type">{t('field.type')}</label>
          <select
            id="res-type"
            className="ui dropdown"
            value={draft.type}
            onChange={(e) => set({ type: Number(e.target.value) })}
          >
            {(types.includes(draft.type) ? types : [...types, draft.type]).map((n) => (
              <option key={n} value={n}>
                {typeName(t, n)}
              </option>
            ))}
          </select>
        </Form.Field>
        {num('capacity', 'capacity', { required: true, min: 1, max: 10_000 })}
        {num('area')}
      </Form.Group>
      <Form.Group widths="equal">
        {num('cableCount')}
        {num('portCount')}
        {num('outletCount')}
        <Form.Input
          id="res-tel"
          label={t('field.teleconferenceNo')}
          maxLength={50}
          value={draft.teleconferenceNo}
          error={errorFor(errors, 'teleconferenceNo')}
          onChange={(_, d) => set({ teleconferenceNo: d.value })}
        />
      </Form.Group>
      <Form.Group widths="equal">
        <Form.Field required error={Boolean(errors.locationId)}>
          <label htmlFor="res-location">{t('field.location')}</label>
          <select
            id="res-location"
            className="ui dropdown"
            value={draft.locationId ?? ''}
            aria-invalid={Boolean(errors.locationId)}
            onChange={(e) => dispatch({ type: 'location', locationId: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">{t('choose')}</option>
            {locations.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
          {errors.locationId && (
            <div className="ui pointing above prompt label" role="alert">
              {errors.locationId}
            </div>
          )}
        </Form.Field>
        <Form.Field>
          <label htmlFor="res-floor">{t('field.floor')}</label>
          <select
            id="res-floor"
            className="ui dropdown"
            value={draft.floorId ?? ''}
            disabled={!draft.locationId}
            onChange={(e) => set({ floorId: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">{t('none')}</option>
            {floors.map((f) => (
              <option key={f.id} value={f.id}>
                {f.displayName}
              </option>
            ))}
          </select>
        </Form.Field>
        {num('price', 'pricePerHour', { required: true, step: '0.01' })}
        <Form.Field>
          <label htmlFor="res-tz">{t('field.timeZone')}</label>
          <select
            id="res-tz"
            className="ui dropdown"
            value={draft.timeZone}
            onChange={(e) => set({ timeZone: e.target.value })}
          >
            <option value="">{t('tzOfLocation')}</option>
            {zones.map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </select>
        </Form.Field>
      </Form.Group>
      <Form.TextArea
        id="res-desc"
        label={t('field.description')}
        maxLength={300}
        rows={2}
        value={draft.description}
        onChange={(_, d) => set({ description: String(d.value) })}
      />
    </>
  );
}
