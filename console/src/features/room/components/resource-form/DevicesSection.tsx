/** The devices at the resource (at most seven, as the server allows). */
import { useTranslation } from 'react-i18next';
import { Header } from 'semantic-ui-react';
import { useDeviceChoices } from '../choices.ts';
import { MultiSelect } from '../pickers.tsx';
import { MAX_DEVICES } from './draft.ts';
import type { SectionProps } from './section.ts';

export function DevicesSection({ draft, dispatch, errors }: SectionProps) {
  const { t } = useTranslation('room');
  const devices = useDeviceChoices();
  return (
    <>
      <Header as="h3">{t('section.devices')}</Header>
      <MultiSelect
        id="res-devices"
        label={t('field.devices')}
        max={MAX_DEVICES}
        value={draft.deviceIds}
        error={errors.deviceIds}
        onChange={(v) => dispatch({ type: 'set', patch: { deviceIds: v } })}
        options={devices.map((d) => ({ value: d.id, text: `${d.name} (${d.deviceNo})` }))}
      />
    </>
  );
}
