/** /room/building: locations (sites, buildings) with their IANA time zone. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudScreen, type FieldDef } from '../../../components/crud/index.ts';
import { locations } from '../api.ts';
import { localZone, timeZones } from '../time-zones.ts';
import '../i18n.ts';

export default function BuildingScreen() {
  const { t } = useTranslation('room');
  const zones = useMemo(() => timeZones().map((z) => ({ value: z, text: z })), []);
  // The limits of the server's LocationInput.
  const fields: FieldDef[] = [
    { name: 'name', label: t('field.name'), required: true, maxLength: 100 },
    { name: 'timeZone', label: t('field.timeZone'), type: 'select', required: true, options: zones },
    { name: 'address', label: t('field.address'), maxLength: 300 },
    { name: 'sort', label: t('field.sort'), type: 'number', integer: true, min: 0, max: 1_000_000 },
  ];
  return (
    <CrudScreen
      name="building"
      title={t('building.title')}
      perm="room:building"
      source={locations}
      nameOf={(l) => l.name}
      formTitle={(l) => t(l ? 'building.edit' : 'building.add')}
      columns={[
        { key: 'name', header: t('field.name'), render: (l) => l.name },
        { key: 'tz', header: t('field.timeZone'), render: (l) => l.timeZone },
        { key: 'address', header: t('field.address'), render: (l) => l.address ?? '' },
        { key: 'floors', header: t('field.floorCount'), render: (l) => l.floorCount },
        { key: 'sort', header: t('field.sort'), render: (l) => l.sort },
      ]}
      fields={fields}
      toForm={(l) =>
        l
          ? { name: l.name, timeZone: l.timeZone, address: l.address ?? '', sort: l.sort }
          : { name: '', timeZone: localZone(), address: '', sort: 0 }
      }
      toBody={(v) => ({
        name: String(v.name),
        timeZone: String(v.timeZone),
        address: String(v.address ?? '') || null,
        sort: Number(v.sort) || 0,
      })}
    />
  );
}
