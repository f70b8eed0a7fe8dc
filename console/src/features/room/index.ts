/** Resource administration (/room): its screens, lazily loaded, for the shell's screen table. Each screen module loads the 'room' texts. */
import { lazyScreen } from '../../app/lazy.ts';

export const RoomScreens = {
  room: lazyScreen(() => import('./RoomScreen.tsx')),
  building: lazyScreen(() => import('./BuildingScreen.tsx')),
  level: lazyScreen(() => import('./LevelScreen.tsx')),
  equipment: lazyScreen(() => import('./EquipmentScreen.tsx')),
  desk: lazyScreen(() => import('./DeskScreen.tsx')),
  image: lazyScreen(() => import('./ImageScreen.tsx')),
  report: lazyScreen(() => import('./ReportScreen.tsx')),
  dashboard: lazyScreen(() => import('./DashboardScreen.tsx')),
  dashboardx: lazyScreen(() => import('./DashboardWall.tsx')),
};
