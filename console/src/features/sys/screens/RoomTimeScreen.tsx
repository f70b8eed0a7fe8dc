/** /sys/roomtime: the booking day (start, end), the slot interval and the longest booking. */
import { useTranslation } from 'react-i18next';
import { useSaveTimeConfigMutation, useTimeConfigQuery, type TimeConfigBody } from '../api.ts';
import { ScreenFrame } from '../../../components/ScreenFrame.tsx';
import type { FieldErrors, Values } from '../../../components/crud/index.ts';
import { SettingsForm } from '../components/SettingsForm.tsx';
import '../i18n.ts';

/** The server's TimeConfig rules: HH:mm (24:00 allowed), end after start, both on the interval. */
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

export default function RoomTimeScreen() {
  const { t } = useTranslation('sys');
  const { data, isLoading, error } = useTimeConfigQuery();
  const [save, saving] = useSaveTimeConfigMutation();
  const validate = (v: Values): FieldErrors => {
    const e: FieldErrors = {};
    const start = String(v.startTime ?? '');
    const end = String(v.endTime ?? '');
    if (!HHMM.test(start)) e.startTime = t('form.time');
    if (!HHMM.test(end)) e.endTime = t('form.time');
    else if (end <= start) e.endTime = t('roomtime.endAfterStart');
    const interval = Number(v.interval);
    for (const [k, time] of [
      ['startTime', start],
      ['endTime', end],
    ] as const)
      if (!e[k] && Number(time.slice(3)) % interval !== 0) e[k] = t('roomtime.onInterval', { interval });
    return e;
  };
  return (
    <ScreenFrame title={t('title.roomtime')} id="roomtime">
      <SettingsForm
        testId="roomtime"
        data={data}
        loading={isLoading}
        error={error}
        save={(body) => save(body as TimeConfigBody)}
        saving={saving.isLoading}
        savePerm="sys:roomtime:save"
        overrides={{
          startTime: { type: 'time' },
          endTime: { type: 'text', help: t('roomtime.endHelp') },
          interval: {
            type: 'select',
            required: true,
            options: [
              { value: 15, text: '15' },
              { value: 30, text: '30' },
            ],
          },
          maxDuration: { type: 'number', integer: true, min: 0, max: 1440, help: t('roomtime.maxHelp') },
        }}
        validate={validate}
      />
    </ScreenFrame>
  );
}
