/** What became of an event from a calendar: text, icon and colour together, never colour alone. */
import { useTranslation } from 'react-i18next';
import { Icon, type SemanticICONS } from 'semantic-ui-react';
import { StatusLabel, type Tone } from '../../../../components/StatusLabel.tsx';
import type { ExternalState } from '../../api.ts';

const LOOK: Record<ExternalState, { tone: Tone; icon: SemanticICONS }> = {
  pending: { tone: 'blue', icon: 'hourglass half' },
  booked: { tone: 'green', icon: 'check circle' },
  declined: { tone: 'red', icon: 'times circle' },
  cancelled: { tone: 'grey', icon: 'ban' },
};

export function EventState({ state }: { state: ExternalState }) {
  const { t } = useTranslation('inte');
  const look = LOOK[state];
  return (
    <StatusLabel tone={look.tone} data-testid="calendar-event-state" data-state={state}>
      <Icon name={look.icon} aria-hidden="true" />
      {t(`calendar.events.states.${state}`)}
    </StatusLabel>
  );
}
