/** Resources (rooms, desks, others): list with search, filters by type, location and floor, paging; the form; delete. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfigQuery } from '../../../app/api.ts';
import { CrudScreen } from '../../../components/crud/index.ts';
import { StatusLabel } from '../../../components/StatusLabel.tsx';
import { resources } from '../api.ts';
import { useFloorChoices, useLocationChoices } from './choices.ts';
import { FilterSelect } from './FilterSelect.tsx';
import { typeName } from './resource-form/DetailsSection.tsx';
import { ResourceForm } from './resource-form/ResourceForm.tsx';

/** The resource types the availableResource parameter offers. */
export function useTypes(): number[] {
  const { data } = useConfigQuery();
  const raw = String(data?.config.availableResource ?? '0,1');
  const types = raw
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n >= 0);
  return types.length ? types : [0, 1];
}

/** Desks only (type 1, room:desk:* permissions), or every type (room:room:*). */
export function ResourceList({ desks }: { desks: boolean }) {
  const { t } = useTranslation('room');
  const allTypes = useTypes();
  const types = desks ? [1] : allTypes;
  const [type, setType] = useState<number | ''>(desks ? 1 : '');
  const [locationId, setLocationId] = useState<number | ''>('');
  const [floorId, setFloorId] = useState<number | ''>('');
  const locations = useLocationChoices();
  const floors = useFloorChoices(locationId || null);
  const name = desks ? 'desk' : 'resource';
  return (
    <CrudScreen
      name={name}
      title={t(`${name}.title`)}
      perm={desks ? 'room:desk' : 'room:room'}
      source={resources}
      query={{
        type: type === '' ? undefined : type,
        locationId: locationId || undefined,
        floorId: floorId || undefined,
      }}
      nameOf={(r) => r.name}
      editor={({ id, onClose }) => (
        <ResourceForm id={id} type={desks ? 1 : type === '' ? (types[0] ?? 0) : type} types={types} onClose={onClose} />
      )}
      toolbar={
        <>
          {!desks && (
            <FilterSelect
              id={`${name}-f-type`}
              label={t('field.type')}
              value={type}
              onChange={setType}
              options={allTypes.map((n) => ({ value: n, text: typeName(t, n) }))}
            />
          )}
          <FilterSelect
            id={`${name}-f-location`}
            label={t('field.location')}
            value={locationId}
            onChange={(v) => {
              setLocationId(v);
              setFloorId('');
            }}
            options={locations.map((l) => ({ value: l.id, text: l.name }))}
          />
          <FilterSelect
            id={`${name}-f-floor`}
            label={t('field.floor')}
            value={floorId}
            onChange={setFloorId}
            options={floors.map((f) => ({ value: f.id, text: f.displayName }))}
            disabled={!locationId}
          />
        </>
      }
      columns={[
        { key: 'name', header: t('field.name'), render: (r) => r.name },
        ...(desks
          ? []
          : [{ key: 'type', header: t('field.type'), render: (r: { type: number }) => typeName(t, r.type) }]),
        { key: 'capacity', header: t('field.capacity'), render: (r) => r.capacity },
        { key: 'location', header: t('field.location'), render: (r) => r.locationName },
        { key: 'floor', header: t('field.floor'), render: (r) => r.floorName ?? '—' },
        { key: 'price', header: t('field.price'), render: (r) => (r.pricePerHour / 100).toFixed(2) },
        {
          key: 'status',
          header: t('field.status'),
          render: (r) => (
            <StatusLabel tone={r.status === 1 ? 'green' : 'grey'}>
              {r.status === 1 ? t('status.open') : t('status.disabled')}
            </StatusLabel>
          ),
        },
      ]}
    />
  );
}
