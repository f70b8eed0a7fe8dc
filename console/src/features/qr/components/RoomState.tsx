/** Free or busy until when, told by words and an icon, not colour alone. */
import { useTranslation } from 'react-i18next';
import { Icon } from 'semantic-ui-react';
import type { QrRoom } from '../api.ts';
import { hhmmIn } from './time.ts';

export function RoomState({ room }: { room: QrRoom }) {
  const { t } = useTranslation('qr');
  const busyUntil = room.busyUntil;
  return (
    <p
      className={room.free ? 'qr-state qr-free' : 'qr-state qr-busy'}
      data-testid="qr-state"
      data-state={room.free ? 'free' : 'busy'}
    >
      <Icon name={room.free ? 'check circle' : 'ban'} aria-hidden="true" />
      {room.free || busyUntil === null
        ? t(room.free ? 'state.free' : 'state.busy')
        : t('state.busyUntil', { time: hhmmIn(busyUntil, room.room.timeZone) })}
    </p>
  );
}
