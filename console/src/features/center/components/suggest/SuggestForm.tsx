/** What to find: a room for attendees or a desk near colleagues (picked, or one's team), the date and place (the booking screens' filters), the window and the duration. */
import { useTranslation } from 'react-i18next';
import { Button, Form } from 'semantic-ui-react';
import { minutesOf, timeOptions } from '../dates.ts';
import { DeviceNamePicker } from '../DeviceNamePicker.tsx';
import { Filters } from '../Filters.tsx';
import { PeoplePicker } from '../PeoplePicker.tsx';

export interface SuggestInput {
  kind: 'room' | 'desk';
  date: string;
  from: string;
  to: string;
  duration: number;
  attendees: number[];
  near: number[];
  /** Desks: near the caller's department instead of the colleagues picked (docs/product-rules.md R12.7). */
  nearTeam: boolean;
  locationId?: number;
  floorId?: number;
  deviceNames: string[];
}

const TIMES = timeOptions(15);
const DURATIONS = [15, 30, 45, 60, 90, 120, 180, 240, 480];

/** The window cannot hold the meeting, or ends before it starts: nothing to ask. */
export function windowProblem(v: SuggestInput): 'badRange' | 'tooShort' | null {
  const span = minutesOf(v.to) - minutesOf(v.from);
  if (span <= 0) return 'badRange';
  return span < v.duration ? 'tooShort' : null;
}

export function SuggestForm({
  value,
  onChange,
  onSubmit,
}: {
  value: SuggestInput;
  onChange: (v: SuggestInput) => void;
  onSubmit: () => void;
}) {
  const { t } = useTranslation('center');
  const set = (patch: Partial<SuggestInput>) => onChange({ ...value, ...patch });
  const problem = windowProblem(value);
  const room = value.kind === 'room';
  return (
    <Form
      className="suggest-form"
      onSubmit={() => {
        if (!problem) onSubmit();
      }}
      noValidate
    >
      <fieldset className="suggest-kind">
        <legend>{t('suggest.kind')}</legend>
        {(['room', 'desk'] as const).map((k) => (
          <label key={k} className="suggest-kind-option">
            <input
              type="radio"
              name="suggest-kind"
              value={k}
              checked={value.kind === k}
              onChange={() => set({ kind: k })}
              data-testid={`suggest-kind-${k}`}
            />{' '}
            {t(k === 'room' ? 'suggest.kindRoom' : 'suggest.kindDesk')}
          </label>
        ))}
      </fieldset>
      {room ? (
        <Form.Field>
          <label htmlFor="sg-attendees-search">{t('suggest.attendees')}</label>
          <PeoplePicker
            id="sg-attendees"
            value={value.attendees}
            onChange={(attendees) => set({ attendees })}
            max={50}
          />
          <small className="suggest-note">{t('suggest.attendeesNote')}</small>
        </Form.Field>
      ) : (
        <>
          <fieldset className="suggest-kind">
            <legend>{t('suggest.nearWhom')}</legend>
            {([false, true] as const).map((team) => (
              <label key={String(team)} className="suggest-kind-option">
                <input
                  type="radio"
                  name="suggest-near"
                  checked={value.nearTeam === team}
                  onChange={() => set({ nearTeam: team })}
                  data-testid={team ? 'suggest-near-team' : 'suggest-near-people'}
                />{' '}
                {t(team ? 'suggest.nearTeam' : 'suggest.nearPeople')}
              </label>
            ))}
          </fieldset>
          {value.nearTeam ? (
            <p className="suggest-note" data-testid="suggest-team-note">
              {t('suggest.teamNote')}
            </p>
          ) : (
            <Form.Field>
              <label htmlFor="sg-near-search">{t('suggest.near')}</label>
              <PeoplePicker id="sg-near" value={value.near} onChange={(near) => set({ near })} max={20} />
            </Form.Field>
          )}
        </>
      )}
      <Filters
        value={{ date: value.date, locationId: value.locationId, floorId: value.floorId }}
        onChange={(f) => set({ date: f.date, locationId: f.locationId, floorId: f.floorId })}
        capacity={false}
      >
        <Form.Field>
          <label htmlFor="sg-from">{t('suggest.from')}</label>
          <select id="sg-from" value={value.from} onChange={(e) => set({ from: e.target.value })}>
            {TIMES.map((x) => (
              <option key={x}>{x}</option>
            ))}
          </select>
        </Form.Field>
        <Form.Field error={problem !== null}>
          <label htmlFor="sg-to">{t('suggest.to')}</label>
          <select
            id="sg-to"
            value={value.to}
            onChange={(e) => set({ to: e.target.value })}
            aria-invalid={problem !== null}
            aria-describedby={problem ? 'sg-problem' : undefined}
          >
            {TIMES.map((x) => (
              <option key={x}>{x}</option>
            ))}
          </select>
        </Form.Field>
        <Form.Field>
          <label htmlFor="sg-duration">{t('suggest.duration')}</label>
          <select id="sg-duration" value={value.duration} onChange={(e) => set({ duration: Number(e.target.value) })}>
            {DURATIONS.map((m) => (
              <option key={m} value={m}>
                {m < 60 || m % 60 ? t('suggest.minutes', { count: m }) : t('suggest.hours', { count: m / 60 })}
              </option>
            ))}
          </select>
        </Form.Field>
        {room && (
          <DeviceNamePicker type={0} value={value.deviceNames} onChange={(deviceNames) => set({ deviceNames })} />
        )}
        <Button primary type="submit" disabled={problem !== null} data-testid="suggest-run">
          {t('suggest.run')}
        </Button>
      </Filters>
      {problem && (
        <p id="sg-problem" className="suggest-problem" role="alert">
          {t(`suggest.${problem}`)}
        </p>
      )}
    </Form>
  );
}
