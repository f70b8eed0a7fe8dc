/** Resource administration (/room): its screens, lazily loaded, for the console's screen list. */
import { lazyScreen } from '../../app/lazy.ts';
import { defineSection } from '../../app/sections.ts';

export const roomSection = defineSection('/room', 'Resources', {
  room: { title: 'Resource Management', screen: lazyScreen(() => import('./screens/RoomScreen.tsx')) },
  building: { title: 'Location Management', screen: lazyScreen(() => import('./screens/BuildingScreen.tsx')) },
  level: { title: 'Floor Management', screen: lazyScreen(() => import('./screens/LevelScreen.tsx')) },
  equipment: { title: 'Device Management', screen: lazyScreen(() => import('./screens/EquipmentScreen.tsx')) },
  desk: { title: 'Desk Management', screen: lazyScreen(() => import('./screens/DeskScreen.tsx')) },
  dashboard: { title: 'Dashboard', screen: lazyScreen(() => import('./screens/DashboardScreen.tsx')) },
  report: { title: 'Statistics Reports', screen: lazyScreen(() => import('./screens/ReportScreen.tsx')) },
  image: { title: 'Resource Icon', screen: lazyScreen(() => import('./screens/ImageScreen.tsx')) },
  dashboardx: {
    title: 'Dashboard (wall screen)',
    screen: lazyScreen(() => import('./screens/DashboardWall.tsx')),
    bare: true,
  },
});
