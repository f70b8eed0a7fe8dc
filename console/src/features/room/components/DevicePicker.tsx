/**
 * A device's identifier, chosen from what the provider of its kind lists (a relay from the switch provider, a lock
 * from the access provider…), searched as one types; an identifier the provider does not list may still be typed.
 * Without a provider, or without the right to see its screen, it is a plain text field.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dropdown, Form, Input } from 'semantic-ui-react';
import { useCan, type Allowance } from '../../../app/hooks.ts';
import { useProviderDevicesQuery, type PluginKind } from '../../inte/api.ts';
import type { DeviceKind } from '../api.ts';

/** The integration kind whose provider knows devices of each kind (a sensor is listed by the environment one). */
const PROVIDER_KIND: Partial<Record<DeviceKind, PluginKind>> = {
  relay: 'switch',
  environment: 'environment',
  occupancy: 'occupancy',
  sensor: 'environment',
  cardReader: 'access',
  lock: 'access',
  label: 'eink',
  other: 'face',
};

interface Props {
  id: string;
  label: string;
  kind: DeviceKind;
  value: string;
  onChange: (v: string) => void;
  error?: string;
}

export function DevicePicker({ id, label, kind, value, onChange, error }: Props) {
  const { t } = useTranslation('room');
  const can = useCan();
  const [q, setQ] = useState('');
  const providerKind = PROVIDER_KIND[kind];
  const mayList = providerKind !== undefined && can(`integrations.${providerKind}.view` as Allowance);
  const { data, isFetching } = useProviderDevicesQuery(
    { kind: providerKind ?? 'switch', q: q || undefined, pageSize: 100 },
    { skip: !mayList },
  );
  const listing = mayList && data && data.provider !== 'none' && !data.error;
  const help = !mayList || !data ? null : data.provider === 'none' ? t('devicePicker.noProvider') : data.error;
  if (!listing)
    return (
      <Form.Field error={Boolean(error)}>
        <label htmlFor={id}>{label}</label>
        <Input id={id} value={value} maxLength={100} onChange={(_, d) => onChange(String(d.value))} />
        {help && (
          <p className="muted" data-testid="device-picker-help">
            {help}
          </p>
        )}
        {error && <div className="ui pointing red basic label">{error}</div>}
      </Form.Field>
    );
  const options = data.items.map((d) => ({
    key: d.id,
    value: d.id,
    text: d.roomName ? `${d.name} · ${d.roomName}` : d.name,
    description: d.id,
  }));
  if (value && !options.some((o) => o.value === value))
    options.unshift({ key: value, value, text: value, description: '' });
  return (
    <Form.Field error={Boolean(error)}>
      <label htmlFor={id}>{label}</label>
      <Dropdown
        fluid
        search
        selection
        clearable
        allowAdditions
        loading={isFetching}
        data-testid="device-picker"
        aria-label={label}
        searchInput={{ id, 'aria-label': label }}
        options={options}
        value={value}
        additionLabel={`${t('devicePicker.typed')} `}
        onSearchChange={(_, d) => setQ(String(d.searchQuery))}
        onAddItem={(_, d) => onChange(String(d.value))}
        onChange={(_, d) => onChange(String(d.value ?? ''))}
        noResultsMessage={t('devicePicker.none')}
      />
      <p className="muted">{t('devicePicker.hint', { count: data.total })}</p>
      {error && <div className="ui pointing red basic label">{error}</div>}
    </Form.Field>
  );
}
