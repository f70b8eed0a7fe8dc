/** /sys/blackset: when violations put someone on the blocklist, and for how long. */
import { useTranslation } from 'react-i18next';
import { ScreenFrame } from '../../../components/ScreenFrame.tsx';
import { SettingsForm } from '../components/SettingsForm.tsx';
import { useSettingsGroup } from '../components/useSettingsGroup.ts';
import '../i18n.ts';

/** The parameter catalogue's bounds. */
const BOUNDS: Record<string, [number, number]> = {
  blocklistMaxViolations: [1, 1000],
  blocklistPeriodDays: [1, 3650],
  blocklistDisableDays: [1, 3650],
};

export default function BlackSetScreen() {
  const { t } = useTranslation('sys');
  const group = useSettingsGroup('/sys/settings/blocklist');
  return (
    <ScreenFrame title={t('title.blackset')} id="blackset">
      <SettingsForm
        {...group}
        savePerm="params.saveBlocklist"
        testId="blackset"
        overrides={Object.fromEntries(
          Object.entries(BOUNDS).map(([name, [min, max]]) => [name, { min, max, integer: true, required: true }]),
        )}
      />
    </ScreenFrame>
  );
}
