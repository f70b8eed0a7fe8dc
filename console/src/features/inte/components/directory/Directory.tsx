/** The directory side of the apps kind (/inte/app): the sync with its runs, and the group mapping. */
import { GroupMaps } from './GroupMaps.tsx';
import { RunsTable } from './RunsTable.tsx';
import { SyncPanel } from './SyncPanel.tsx';
import './directory.css';

export function Directory() {
  return (
    <div className="inte-directory" data-testid="directory">
      <SyncPanel />
      <RunsTable />
      <GroupMaps />
    </div>
  );
}
