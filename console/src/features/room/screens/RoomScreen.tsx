/** /room/room: resource management. */
import { ResourceList } from '../components/ResourceList.tsx';
import '../i18n.ts';

export default function RoomScreen() {
  return <ResourceList desks={false} />;
}
