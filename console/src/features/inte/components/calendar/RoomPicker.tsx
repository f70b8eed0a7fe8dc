/**
 * The room to mirror, searched as one types through the rooms list other screens read (GET /room/resources, desks
 * left out). The rooms already mirrored are not offered. Whoever may not read the rooms types the room's number.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dropdown, Form } from 'semantic-ui-react';
import { useResourceListQuery } from '../../../room/api.ts';

/** Resource type 1 is a desk; every other type is a room (R2.6). */
const DESK = 1;

export function RoomPicker({
  value,
  onChange,
  error,
  mirrored,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
  error?: string;
  /** The rooms already mirrored. */
  mirrored: ReadonlySet<number>;
}) {
  const { t } = useTranslation('inte');
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [chosenName, setChosenName] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const {
    data,
    error: refused,
    isFetching,
  } = useResourceListQuery({
    page: 1,
    pageSize: 50,
    silent: true,
    ...(q ? { q } : {}),
  });
  const id = 'calendar-rooms-resourceId';
  const help = `${id}-help`;
  const errorId = `${id}-error`;
  const described = [help, error ? errorId : ''].filter(Boolean).join(' ');
  const problem = error && (
    <div className="ui pointing above prompt label" role="alert" id={errorId} data-testid="error-resourceId">
      {error}
    </div>
  );
  if (refused) {
    // Without the right to read the rooms: the room's number, as the room screen shows it.
    return (
      <Form.Field required error={Boolean(error)}>
        <label htmlFor={id}>{t('calendar.rooms.roomNumber')}</label>
        <input
          id={id}
          type="number"
          min={1}
          step={1}
          value={value ?? ''}
          aria-describedby={described}
          aria-invalid={Boolean(error)}
          onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
        />
        <small id={help} className="field-help" style={{ color: '#555', display: 'block' }}>
          {t('calendar.rooms.roomNumberHelp')}
        </small>
        {problem}
      </Form.Field>
    );
  }
  const rooms = (data?.items ?? []).filter((r) => r.type !== DESK && !mirrored.has(r.id));
  const options = rooms.map((r) => ({ key: r.id, value: r.id, text: r.name, 'data-room': r.name }));
  if (value !== null && !options.some((o) => o.value === value))
    options.unshift({ key: value, value, text: chosenName ?? `#${value}`, 'data-room': chosenName ?? '' });
  return (
    <Form.Field required error={Boolean(error)}>
      <label htmlFor={id}>{t('calendar.rooms.room')}</label>
      <Dropdown
        fluid
        search={(all) => all}
        selection
        loading={isFetching}
        data-testid="calendar-room-picker"
        searchInput={{ id, 'aria-describedby': described, 'aria-invalid': Boolean(error) }}
        options={options}
        value={value ?? ''}
        placeholder={t('calendar.rooms.chooseRoom')}
        selectOnBlur={false}
        selectOnNavigation={false}
        onSearchChange={(_, d) => setTyped(String(d.searchQuery ?? ''))}
        onChange={(_, d) => {
          const chosen = d.value === '' || d.value === undefined ? null : Number(d.value);
          setChosenName(rooms.find((r) => r.id === chosen)?.name ?? null);
          onChange(chosen);
        }}
        noResultsMessage={isFetching ? t('calendar.rooms.searching') : t('calendar.rooms.noRoom')}
      />
      <small id={help} className="field-help" style={{ color: '#555', display: 'block' }}>
        {t('calendar.rooms.roomHelp')}
      </small>
      {problem}
    </Form.Field>
  );
}
