/** /room/dashboardx: the dashboard as a wall screen for a signed-in user (the content is WallView). */
import { usePanelListQuery } from '../api.ts';
import { useLocationChoices } from '../components/choices.ts';
import { WallView } from '../components/WallView.tsx';

export default function DashboardWall() {
  const { data: panels } = usePanelListQuery();
  const locations = useLocationChoices();
  return <WallView panels={panels} locations={locations} />;
}
