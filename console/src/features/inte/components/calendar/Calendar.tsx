/**
 * The calendar sync's way back on the calendar kind's screen (/inte/event, R23): the mirrored rooms, and the
 * meetings written into their calendars outside Atrium with what became of them. Those who may only look see why
 * the buttons are off.
 */
import { useTranslation } from 'react-i18next';
import { Icon, Segment } from 'semantic-ui-react';
import { useCan } from '../../../../app/hooks.ts';
import { ExternalEvents } from './ExternalEvents.tsx';
import { MirroredRooms } from './MirroredRooms.tsx';
import { SAVE } from './permissions.ts';
import './calendar.css';

export function Calendar() {
  const { t } = useTranslation('inte');
  const can = useCan();
  return (
    <div className="inte-calendar" data-testid="calendar-sync">
      {!can(SAVE) && (
        <p id="calendar-why" className="muted" data-testid="calendar-why">
          <Icon name="info circle" aria-hidden="true" />
          {t('calendar.noPermission')}
        </p>
      )}
      <Segment>
        <MirroredRooms />
      </Segment>
      <Segment>
        <ExternalEvents />
      </Segment>
    </div>
  );
}
