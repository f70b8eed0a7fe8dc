/** Date, location, floor and capacity filters of the booking screens. */
import { useTranslation } from 'react-i18next';
import { Form } from 'semantic-ui-react';
import { useFloorsQuery, useLocationsQuery } from '../api.ts';

export interface FilterValue {
  date: string;
  locationId?: number;
  floorId?: number;
  capacity?: number;
}

interface Props {
  value: FilterValue;
  onChange: (v: FilterValue) => void;
  capacity?: boolean;
  /** The floor is required (floor plan). */
  needFloor?: boolean;
  children?: React.ReactNode;
}

const num = (s: string) => (s ? Number(s) : undefined);

export function Filters({ value, onChange, capacity = true, needFloor = false, children }: Props) {
  const { t } = useTranslation('center');
  const { data: locations = [] } = useLocationsQuery();
  const { data: floors = [] } = useFloorsQuery(value.locationId, { skip: !value.locationId && !needFloor });
  return (
    <Form className="center-filters" as="div" role="search" aria-label={t('filters.label')}>
      <Form.Group inline widths={undefined} className="wrap">
        <Form.Field>
          <label htmlFor="f-date">{t('filters.date')}</label>
          <input
            id="f-date"
            type="date"
            value={value.date}
            required
            onChange={(e) => e.target.value && onChange({ ...value, date: e.target.value })}
          />
        </Form.Field>
        <Form.Field>
          <label htmlFor="f-location">{t('filters.location')}</label>
          <select
            id="f-location"
            value={value.locationId ?? ''}
            onChange={(e) => onChange({ ...value, locationId: num(e.target.value), floorId: undefined })}
          >
            {!needFloor && <option value="">{t('filters.all')}</option>}
            {needFloor && !value.locationId && <option value="">{t('filters.choose')}</option>}
            {locations.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </Form.Field>
        <Form.Field>
          <label htmlFor="f-floor">{t('filters.floor')}</label>
          <select
            id="f-floor"
            value={value.floorId ?? ''}
            onChange={(e) => onChange({ ...value, floorId: num(e.target.value) })}
          >
            <option value="">{needFloor ? t('filters.choose') : t('filters.all')}</option>
            {floors
              .filter((f) => !value.locationId || f.locationId === value.locationId)
              .map((f) => (
                <option key={f.id} value={f.id}>
                  {f.displayName || f.name}
                </option>
              ))}
          </select>
        </Form.Field>
        {capacity && (
          <Form.Field>
            <label htmlFor="f-capacity">{t('filters.capacity')}</label>
            <input
              id="f-capacity"
              type="number"
              min={0}
              style={{ width: '6em' }}
              value={value.capacity ?? ''}
              onChange={(e) => onChange({ ...value, capacity: num(e.target.value) })}
            />
          </Form.Field>
        )}
        {children}
      </Form.Group>
    </Form>
  );
}
