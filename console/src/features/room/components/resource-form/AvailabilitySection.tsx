/** When the resource may be booked: open or not, whole days, the date range, the weekly hours, disabled periods. */
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Form, Header, Segment } from 'semantic-ui-react';
import { errorFor } from '../../../../components/crud/index.ts';
import type { SectionProps } from './section.ts';
import { WeeklyHours } from './WeeklyHours.tsx';

export function AvailabilitySection({ draft, dispatch, errors }: SectionProps) {
  const { t } = useTranslation('room');
  return (
    <>
      <Header as="h3">{t('section.availability')}</Header>
      <Form.Group inline>
        <Form.Field>
          <Checkbox
            id="res-status"
            toggle
            label={t('field.open')}
            checked={draft.status === 1}
            onChange={(_, d) => dispatch({ type: 'set', patch: { status: d.checked ? 1 : 0 } })}
          />
        </Form.Field>
        <Form.Field>
          <Checkbox
            id="res-allday"
            label={t('field.allDay')}
            checked={draft.allDay}
            onChange={(_, d) => dispatch({ type: 'set', patch: { allDay: Boolean(d.checked) } })}
          />
        </Form.Field>
        <Form.Field>
          <Checkbox
            id="res-wholeday"
            label={t('field.wholeDay')}
            checked={draft.wholeDay}
            onChange={(_, d) => dispatch({ type: 'set', patch: { wholeDay: Boolean(d.checked) } })}
          />
        </Form.Field>
      </Form.Group>
      <Form.Group widths="equal">
        <Form.Input
          id="res-start"
          type="date"
          label={t('field.startDate')}
          value={draft.startDate}
          error={errorFor(errors, 'startDate')}
          onChange={(_, d) => dispatch({ type: 'set', patch: { startDate: d.value } })}
        />
        <Form.Input
          id="res-end"
          type="date"
          label={t('field.endDate')}
          value={draft.endDate}
          error={errorFor(errors, 'endDate')}
          onChange={(_, d) => dispatch({ type: 'set', patch: { endDate: d.value } })}
        />
      </Form.Group>
      <WeeklyHours draft={draft} dispatch={dispatch} errors={errors} />
      <DisabledPeriods draft={draft} dispatch={dispatch} errors={errors} />
    </>
  );
}

function DisabledPeriods({ draft, dispatch, errors }: SectionProps) {
  const { t } = useTranslation('room');
  return (
    <>
      <Header as="h3">{t('section.disabled')}</Header>
      {draft.periods.length === 0 && <p className="muted">{t('noPeriods')}</p>}
      {draft.periods.map((p, i) => {
        const set = (patch: Partial<typeof p>) => dispatch({ type: 'period', index: i, patch });
        const error = errors[`disabledPeriods.${i}`];
        return (
          <Segment key={p.id ?? `new-${i}`} data-testid="period">
            {error && (
              <div role="alert" className="ui red text">
                {error}
              </div>
            )}
            <Form.Group widths="equal">
              <Form.Input
                id={`p-${i}-sd`}
                type="date"
                label={t('field.startDate')}
                value={p.startDate}
                onChange={(_, d) => set({ startDate: d.value })}
              />
              <Form.Input
                id={`p-${i}-st`}
                label={t('field.startTime')}
                placeholder="HH:mm"
                value={p.startTime}
                onChange={(_, d) => set({ startTime: d.value })}
              />
              <Form.Input
                id={`p-${i}-ed`}
                type="date"
                label={t('field.endDate')}
                value={p.endDate}
                onChange={(_, d) => set({ endDate: d.value })}
              />
              <Form.Input
                id={`p-${i}-et`}
                label={t('field.endTime')}
                placeholder="HH:mm"
                value={p.endTime}
                onChange={(_, d) => set({ endTime: d.value })}
              />
            </Form.Group>
            <Form.Group>
              <Form.Input
                width={12}
                id={`p-${i}-reason`}
                label={t('field.reason')}
                maxLength={300}
                value={p.reason}
                onChange={(_, d) => set({ reason: d.value })}
              />
              <Form.Field width={4} style={{ alignSelf: 'flex-end' }}>
                <Button
                  type="button"
                  basic
                  negative
                  icon="trash"
                  content={t('remove')}
                  onClick={() => dispatch({ type: 'removePeriod', index: i })}
                />
              </Form.Field>
            </Form.Group>
          </Segment>
        );
      })}
      <Button
        type="button"
        basic
        icon="plus"
        content={t('addPeriod')}
        data-testid="add-period"
        onClick={() => dispatch({ type: 'addPeriod' })}
      />
    </>
  );
}
