/**
 * The inquiry's devices, chosen by name (docs/product-rules.md R12.5): a searchable multiple choice over the names
 * of the devices mounted at rooms, keeping the names already chosen while another search runs.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dropdown, Form } from 'semantic-ui-react';
import { useDeviceNamesQuery } from '../credit-api.ts';
import './center.css';

/** The server takes up to 10 names (core/modules/bookings/schema.ts). */
const MAX_NAMES = 10;

/** `type`: only the names of devices at resources of that type (the rooms' projectors, not the desks' docks). */
export function DeviceNamePicker({
  value,
  onChange,
  type,
}: {
  value: string[];
  onChange: (v: string[]) => void;
  type?: number;
}) {
  const { t } = useTranslation('center');
  const [q, setQ] = useState('');
  const { data, isFetching } = useDeviceNamesQuery({ q: q.trim(), type });
  const names = [...value, ...(data?.items ?? []).filter((n) => !value.includes(n))];
  const full = value.length >= MAX_NAMES;
  return (
    <Form.Field>
      <label htmlFor="s-devices">{t('search.devices')}</label>
      <Dropdown
        multiple
        search
        selection
        loading={isFetching}
        data-testid="device-names"
        className="device-name-picker"
        aria-label={t('search.devices')}
        searchInput={{ id: 's-devices', 'aria-label': t('search.devices') }}
        placeholder={t('search.devicesAny')}
        options={names.map((n) => ({ key: n, value: n, text: n, disabled: full && !value.includes(n) }))}
        value={value}
        onSearchChange={(_, d) => setQ(String(d.searchQuery))}
        onChange={(_, d) => onChange((d.value as string[]).slice(0, MAX_NAMES))}
        noResultsMessage={t('search.devicesNone')}
        style={{ minWidth: '14em' }}
      />
    </Form.Field>
  );
}
