/**
 * What the room's presence sensor says (docs/product-rules.md R19.10), when one is used: somebody in the room,
 * nobody since HH:mm, or not known. Once a checked-in meeting's room has stood empty for the configured delay,
 * a large "keep this meeting" button (no sign-in: whoever stands at the door is proof enough) and the time the
 * meeting ends otherwise. The button shows at `keepAt` by the tablet's clock, without asking the server again.
 */
import { useTranslation } from 'react-i18next';
import { Icon } from 'semantic-ui-react';
import { padApi, type PadDay } from '../api.ts';
import { hhmmIn } from './time.ts';
import { useAction } from './useAction.ts';

interface Props {
  day: PadDay;
  now: number;
  /** The checked-in meeting under way, which keep applies to. */
  meetingId: number | null;
  offline: boolean;
  accept: (day: PadDay) => void;
  failed: (err: unknown) => void;
  notify: (text: string) => void;
}

export function PresencePanel({ day, now, meetingId, offline, accept, failed, notify }: Props) {
  const { t } = useTranslation('pad');
  const action = useAction((next) => {
    accept(next);
    notify(t('presence.kept'));
  }, failed);
  const presence = day.presence;
  if (!presence) return null;
  const zone = day.room.timeZone;
  const keep = meetingId !== null && presence.keepAt !== null && now >= presence.keepAt;
  const said =
    presence.present === true
      ? t('presence.someone')
      : presence.present === false && presence.since !== null
        ? t('presence.nobodySince', { time: hhmmIn(presence.since, zone) })
        : t('presence.unknown');
  return (
    <section className="pad-presence" aria-label={t('presence.label')} data-testid="pad-presence">
      <p className="pad-presence-line" data-present={String(presence.present)}>
        <Icon name={presence.present ? 'user' : 'user outline'} aria-hidden="true" />
        {said}
      </p>
      {keep && (
        <>
          {presence.endsAt !== null && (
            <p className="pad-presence-line" role="status" data-testid="pad-presence-ends">
              {t('presence.endsAt', { time: hhmmIn(presence.endsAt, zone) })}
            </p>
          )}
          <button
            type="button"
            className="ui massive button pad-action pad-keep"
            disabled={offline || action.busy}
            title={offline ? t('actions.offline') : undefined}
            onClick={() => void action.run(() => padApi.keep(meetingId))}
            data-testid="pad-keep"
          >
            <Icon name="hand paper" aria-hidden="true" />
            {t('presence.keep')}
          </button>
        </>
      )}
    </section>
  );
}
