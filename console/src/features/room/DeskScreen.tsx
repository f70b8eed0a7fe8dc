/** /room/desk: desks (resources of type 1). */
import { ResourceList } from './ResourceList.tsx';

export default function DeskScreen() {
  return <ResourceList desks />;
}
