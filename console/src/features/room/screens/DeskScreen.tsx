/** /room/desk: desks (resources of type 1). */
import { ResourceList } from '../components/ResourceList.tsx';
import '../i18n.ts';

export default function DeskScreen() {
  return <ResourceList desks />;
}
