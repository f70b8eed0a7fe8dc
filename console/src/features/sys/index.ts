/** System administration (/sys): its screens, lazily loaded, for the console's screen list. */
import { lazyScreen } from '../../app/lazy.ts';
import { defineSection } from '../../app/sections.ts';
import { inteScreen } from '../inte/index.ts';

const people = () => import('./screens/People.tsx');
const data = () => import('./screens/Data.tsx');
const config = () => import('./screens/Config.tsx');
const dictionary = () => import('./screens/Dictionary.tsx');

export const sysSection = defineSection('/sys', 'System', {
  admin: { title: 'User Management', screen: lazyScreen(() => people().then((m) => ({ default: m.AdminScreen }))) },
  role: { title: 'Role and Permission', screen: lazyScreen(() => people().then((m) => ({ default: m.RoleScreen }))) },
  menu: { title: 'Menu Management', screen: lazyScreen(() => people().then((m) => ({ default: m.MenuScreen }))) },
  group: { title: 'User Group', screen: lazyScreen(() => people().then((m) => ({ default: m.GroupScreen }))) },
  reservelog: {
    title: 'Reservation Log',
    screen: lazyScreen(() => data().then((m) => ({ default: m.ReserveLogScreen }))),
  },
  status: { title: 'Pad Online Status', screen: lazyScreen(() => data().then((m) => ({ default: m.StatusScreen }))) },
  roomtime: {
    title: 'Time Configuration',
    screen: lazyScreen(() => config().then((m) => ({ default: m.RoomTimeScreen }))),
  },
  email: { title: 'Notification Center', screen: lazyScreen(() => data().then((m) => ({ default: m.EmailScreen }))) },
  /** Face recognition is the integration kind of /inte/fr. */
  face: { title: 'Face Recognition', screen: inteScreen('fr') },
  licence: { title: 'System License', screen: lazyScreen(() => config().then((m) => ({ default: m.LicenceScreen }))) },
  log: { title: 'System Operation Log', screen: lazyScreen(() => data().then((m) => ({ default: m.LogScreen }))) },
  dic: { title: 'Data Dictionary', screen: lazyScreen(() => dictionary().then((m) => ({ default: m.DicScreen }))) },
  setting: { title: 'System Setting', screen: lazyScreen(() => config().then((m) => ({ default: m.SettingScreen }))) },
  'setting/sql': { title: 'SQL Monitor', screen: lazyScreen(() => data().then((m) => ({ default: m.SqlScreen }))) },
  'setting/code': {
    title: 'Code Generation',
    screen: lazyScreen(() => config().then((m) => ({ default: m.CodeScreen }))),
  },
  secret: { title: 'Key Management', screen: lazyScreen(() => data().then((m) => ({ default: m.SecretScreen }))) },
  padauth: { title: 'Pad Setting', screen: lazyScreen(() => config().then((m) => ({ default: m.PadAuthScreen }))) },
  security: { title: 'Security', screen: lazyScreen(() => config().then((m) => ({ default: m.SecurityScreen }))) },
  blackset: {
    title: 'Blocklist Setting',
    screen: lazyScreen(() => config().then((m) => ({ default: m.BlackSetScreen }))),
  },
  blacklist: { title: 'Blocklist', screen: lazyScreen(() => data().then((m) => ({ default: m.BlacklistScreen }))) },
  violationlist: {
    title: 'Violation List',
    screen: lazyScreen(() => data().then((m) => ({ default: m.ViolationScreen }))),
  },
});
