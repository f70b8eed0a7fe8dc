/**
 * Mirrored rooms (R23.1): the rooms whose calendar at the calendar provider is read back, each with the reference of
 * its calendar there (a CalDAV collection URL, a mailbox; empty: the provider's default). Added through a room
 * picker, the reference changed, a room removed after asking (its bookings stay).
 */
import { useTranslation } from 'react-i18next';
import { Button, Icon } from 'semantic-ui-react';
import { useCan } from '../../../../app/hooks.ts';
import { CrudScreen, type FieldDef, type Values } from '../../../../components/crud/index.ts';
import { formatTime } from '../../../../components/format.ts';
import {
  mirroredRooms,
  useCalendarProviderRoomsQuery,
  useCalendarRoomsQuery,
  type MirrorBody,
  type MirroredRoom,
} from '../../api.ts';
import { RoomPicker } from './RoomPicker.tsx';
import { SAVE } from './permissions.ts';

export const roomName = (r: { resourceName: string | null; resourceId: number }) =>
  r.resourceName ?? `#${r.resourceId}`;

export function MirroredRooms() {
  const { t, i18n } = useTranslation('inte');
  const can = useCan();
  const canSave = can(SAVE);
  const { data } = useCalendarRoomsQuery();
  const { data: providerRooms } = useCalendarProviderRoomsQuery();
  const mirrored = new Set((data ?? []).map((r) => r.resourceId));
  const fields: FieldDef[] = [
    {
      name: 'resourceId',
      label: t('calendar.rooms.room'),
      type: 'custom',
      required: true,
      createOnly: true,
      render: (values: Values, set, error) => (
        <RoomPicker
          value={typeof values.resourceId === 'number' ? values.resourceId : null}
          onChange={(id) => set('resourceId', id)}
          error={error}
          mirrored={mirrored}
        />
      ),
    },
    {
      name: 'ref',
      label: t('calendar.rooms.ref'),
      maxLength: 500,
      help: t('calendar.rooms.refHelp'),
      placeholder: t('calendar.rooms.refPlaceholder'),
      // The provider's own rooms (Microsoft 365's Places) offered as the field is typed in; any reference still typed.
      list: providerRooms?.rooms.length ? 'calendar-provider-rooms' : undefined,
    },
    {
      name: 'sourceOfTruth',
      label: t('calendar.rooms.sourceOfTruth'),
      type: 'checkbox',
      help: t('calendar.rooms.sourceOfTruthHelp'),
    },
  ];
  return (
    <>
      {providerRooms?.rooms.length ? (
        <datalist id="calendar-provider-rooms" data-testid="calendar-provider-rooms">
          {providerRooms.rooms.map((r) => (
            <option key={r.ref} value={r.ref}>
              {r.capacity ? `${r.name} (${r.capacity})` : r.name}
            </option>
          ))}
        </datalist>
      ) : null}
      <CrudScreen
        embedded
        name="calendar-rooms"
        title={t('calendar.rooms.title')}
        description={t('calendar.rooms.intro')}
        perm={{ add: SAVE, update: SAVE, delete: SAVE }}
        source={mirroredRooms}
        pageSize={10}
        fields={fields}
        addLabel={t('calendar.rooms.add')}
        formTitle={(row) =>
          row ? t('calendar.rooms.editTitle', { room: roomName(row) }) : t('calendar.rooms.formTitle')
        }
        deleteLabel={t('calendar.rooms.remove')}
        nameOf={roomName}
        emptyText={t('calendar.rooms.empty')}
        savedText={t('calendar.rooms.saved')}
        toForm={(row: MirroredRoom | null) => ({
          resourceId: row?.resourceId ?? null,
          ref: row?.ref ?? '',
          sourceOfTruth: row?.sourceOfTruth ?? false,
        })}
        toBody={(v): MirrorBody => ({
          resourceId: Number(v.resourceId),
          ref: String(v.ref ?? '').trim(),
          sourceOfTruth: v.sourceOfTruth === true,
        })}
        toolbar={
          !canSave && (
            // Shown off rather than hidden, with the reason next to it.
            <Button
              type="button"
              primary
              icon
              labelPosition="left"
              disabled
              aria-describedby="calendar-why"
              data-testid="calendar-rooms-add-off"
            >
              <Icon name="plus" aria-hidden="true" />
              {t('calendar.rooms.add')}
            </Button>
          )
        }
        columns={[
          {
            key: 'room',
            header: t('calendar.rooms.room'),
            render: (r) => roomName(r),
          },
          {
            key: 'ref',
            header: t('calendar.rooms.ref'),
            render: (r) =>
              r.ref ? (
                <code style={{ wordBreak: 'break-all' }}>{r.ref}</code>
              ) : (
                <span className="muted">{t('calendar.rooms.defaultRef')}</span>
              ),
          },
          {
            key: 'sourceOfTruth',
            header: t('calendar.rooms.decides'),
            render: (r) => (r.sourceOfTruth ? t('calendar.rooms.decidesProvider') : t('calendar.rooms.decidesAtrium')),
          },
          { key: 'since', header: t('calendar.rooms.since'), render: (r) => formatTime(r.createdAt, i18n.language) },
        ]}
      />
    </>
  );
}
