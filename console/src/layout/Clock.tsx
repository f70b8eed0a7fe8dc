import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfigQuery } from '../app/api.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** The header clock on server time: the offset comes from GET /sys/config/all's `time`. */
export function Clock() {
  const { t } = useTranslation();
  const { data } = useConfigQuery();
  const offset = data ? data.time - data.receivedAt : 0;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const d = new Date(now + offset);
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  return (
    <time className="header-clock" dateTime={d.toISOString()} aria-label={t('layout.serverTime')} data-offset={offset}>
      <span className="clock-date">{date}</span> <span className="clock-time">{time}</span>
    </time>
  );
}
