/** /room/equipment: devices with their connection status and last connection time. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudScreen, type FieldDef } from '../../../components/crud/index.ts';
import { formatTime, keysOf } from '../../../components/format.ts';
import { StatusLabel } from '../../../components/StatusLabel.tsx';
import { useCan } from '../../../app/hooks.ts';
import { PairTabletButton } from '../../sys/components/PairTabletButton.tsx';
import { devices, type DeviceKind } from '../api.ts';
import { useResourceChoices } from '../components/choices.ts';
import { DevicePicker } from '../components/DevicePicker.tsx';
import { FilterSelect } from '../components/FilterSelect.tsx';
import '../i18n.ts';

const KINDS = keysOf<DeviceKind>({
  pad: true,
  relay: true,
  environment: true,
  occupancy: true,
  sensor: true,
  cardReader: true,
  lock: true,
  label: true,
  other: true,
});
/** The server's MAC address rule: six pairs of hex digits separated by colons or dashes. */
const MAC = /^[0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}(\1[0-9A-Fa-f]{2}){4}$/;

export default function EquipmentScreen() {
  const { t, i18n } = useTranslation('room');
  const [connected, setConnected] = useState('');
  const pairs = useCan()('tablets.manage');
  const resources = useResourceChoices();
  const status = (on: unknown) => (on ? t('online') : t('offline'));
  // The limits of the server's DeviceInput.
  const fields: FieldDef[] = [
    { name: 'name', label: t('field.name'), required: true, maxLength: 100 },
    { name: 'deviceNo', label: t('field.deviceNo'), required: true, maxLength: 100 },
    {
      name: 'kind',
      label: t('field.kind'),
      type: 'select',
      required: true,
      options: KINDS.map((k) => ({ value: k, text: t(`kind.${k}`) })),
    },
    {
      name: 'macAddress',
      label: t('field.macAddress'),
      placeholder: '00:1A:2B:3C:4D:5E',
      validate: (v) => (v && !MAC.test(String(v).trim()) ? t('form.mac') : null),
    },
    {
      name: 'identifier',
      label: t('field.identifier'),
      type: 'custom',
      maxLength: 100,
      render: (v, set, error) => (
        <DevicePicker
          id="equipment-identifier"
          label={t('field.identifier')}
          kind={v.kind as DeviceKind}
          value={String(v.identifier ?? '')}
          onChange={(id) => set('identifier', id)}
          error={error}
        />
      ),
    },
    {
      name: 'resourceId',
      label: t('field.resource'),
      type: 'select',
      options: resources.map((r) => ({ value: r.id, text: r.name })),
    },
    { name: 'showOnTerminal', label: t('field.showOnTerminal'), type: 'checkbox' },
    {
      name: 'connection',
      label: t('field.connection'),
      type: 'custom',
      render: (v) =>
        v.id ? (
          <p>
            {t('field.connection')}: {status(v.connected)} · {t('field.lastSeen')}:{' '}
            {formatTime(v.lastSeenAt, i18n.language)}
          </p>
        ) : null,
    },
  ];
  return (
    <CrudScreen
      name="equipment"
      title={t('equipment.title')}
      perm="room:equipment"
      source={devices}
      query={{ connected: connected || undefined }}
      nameOf={(d) => d.name}
      formTitle={(d) => t(d ? 'equipment.edit' : 'equipment.add')}
      toolbar={
        <FilterSelect
          id="equipment-f-conn"
          label={t('field.connection')}
          value={connected}
          onChange={setConnected}
          options={[
            { value: 'true', text: t('online') },
            { value: 'false', text: t('offline') },
          ]}
        />
      }
      // A door tablet mounted at a room is paired from its row (the same code as on the tablet status screen).
      rowActions={(d) =>
        pairs && d.kind === 'pad' && d.resourceId ? <PairTabletButton resourceId={d.resourceId} name={d.name} /> : null
      }
      columns={[
        { key: 'name', header: t('field.name'), render: (d) => d.name },
        { key: 'no', header: t('field.deviceNo'), render: (d) => d.deviceNo },
        { key: 'kind', header: t('field.kind'), render: (d) => t(`kind.${d.kind}`) },
        { key: 'resource', header: t('field.resource'), render: (d) => d.resourceName ?? '—' },
        { key: 'mac', header: t('field.macAddress'), render: (d) => d.macAddress ?? '—' },
        {
          key: 'conn',
          header: t('field.connection'),
          render: (d) => <StatusLabel tone={d.connected ? 'green' : 'grey'}>{status(d.connected)}</StatusLabel>,
        },
        { key: 'seen', header: t('field.lastSeen'), render: (d) => formatTime(d.lastSeenAt, i18n.language) },
      ]}
      fields={fields}
      toForm={(d) =>
        d
          ? { ...d, macAddress: d.macAddress ?? '', identifier: d.identifier ?? '' }
          : {
              name: '',
              deviceNo: '',
              kind: 'pad',
              macAddress: '',
              identifier: '',
              resourceId: null,
              showOnTerminal: false,
            }
      }
      toBody={(v) => ({
        name: String(v.name),
        deviceNo: String(v.deviceNo),
        kind: v.kind as DeviceKind,
        showOnTerminal: Boolean(v.showOnTerminal),
        // Sent back as read, so an edit does not mark a connected device disconnected.
        connected: Boolean(v.connected),
        lastSeenAt: (v.lastSeenAt as number | null | undefined) ?? null,
        macAddress: String(v.macAddress ?? '').trim() || null,
        identifier: String(v.identifier ?? '').trim() || null,
        resourceId: (v.resourceId as number | null | undefined) || null,
      })}
    />
  );
}
