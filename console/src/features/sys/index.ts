/** System administration (/sys): its screens, lazily loaded, for the console's screen list. */
import { lazyScreen } from '../../app/lazy.ts';
import { defineSection } from '../../app/sections.ts';
import { faceScreen } from '../face/index.ts';

export const sysSection = defineSection('/sys', 'System', {
  admin: { title: 'User Management', screen: lazyScreen(() => import('./screens/AdminScreen.tsx')) },
  role: { title: 'Role and Permission', screen: lazyScreen(() => import('./screens/RoleScreen.tsx')) },
  menu: { title: 'Menu Management', screen: lazyScreen(() => import('./screens/MenuScreen.tsx')) },
  group: { title: 'User Group', screen: lazyScreen(() => import('./screens/GroupScreen.tsx')) },
  reservelog: { title: 'Reservation Log', screen: lazyScreen(() => import('./screens/ReserveLogScreen.tsx')) },
  status: { title: 'Pad Online Status', screen: lazyScreen(() => import('./screens/StatusScreen.tsx')) },
  roomtime: { title: 'Time Configuration', screen: lazyScreen(() => import('./screens/RoomTimeScreen.tsx')) },
  email: { title: 'Notification Center', screen: lazyScreen(() => import('./screens/EmailScreen.tsx')) },
  /** People's face data (R20.7); the face provider itself is chosen on /inte/fr. */
  face: { title: 'Face Recognition', screen: faceScreen },
  licence: { title: 'System License', screen: lazyScreen(() => import('./screens/LicenceScreen.tsx')) },
  log: { title: 'System Operation Log', screen: lazyScreen(() => import('./screens/LogScreen.tsx')) },
  dic: { title: 'Data Dictionary', screen: lazyScreen(() => import('./screens/DicScreen.tsx')) },
  setting: { title: 'System Setting', screen: lazyScreen(() => import('./screens/SettingScreen.tsx')) },
  'setting/sql': { title: 'SQL Monitor', screen: lazyScreen(() => import('./screens/SqlScreen.tsx')) },
  'setting/code': { title: 'Code Generation', screen: lazyScreen(() => import('./screens/CodeScreen.tsx')) },
  secret: { title: 'Key Management', screen: lazyScreen(() => import('./screens/SecretScreen.tsx')) },
  webhook: { title: 'Webhooks', screen: lazyScreen(() => import('../webhooks/WebhooksScreen.tsx')) },
  padauth: { title: 'Pad Setting', screen: lazyScreen(() => import('./screens/PadAuthScreen.tsx')) },
  security: { title: 'Security', screen: lazyScreen(() => import('./screens/SecurityScreen.tsx')) },
  blackset: { title: 'Blocklist Setting', screen: lazyScreen(() => import('./screens/BlackSetScreen.tsx')) },
  blacklist: { title: 'Blocklist', screen: lazyScreen(() => import('./screens/BlacklistScreen.tsx')) },
  violationlist: { title: 'Violation List', screen: lazyScreen(() => import('./screens/ViolationScreen.tsx')) },
});
