/** /room/room: resource management. */
import { ResourceList } from './ResourceList.tsx';

export default function RoomScreen() {
  return <ResourceList desks={false} />;
}
