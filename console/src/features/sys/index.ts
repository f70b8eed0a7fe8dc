/** System administration (/sys): its screens, lazily loaded, for the shell's screen table. Each screen module loads the 'sys' texts. */
import { lazyScreen } from '../../app/lazy.ts';
import { InteScreens } from '../inte/index.ts';

const people = () => import('./screens/People.tsx');
const data = () => import('./screens/Data.tsx');
const config = () => import('./screens/Config.tsx');
const dictionary = () => import('./screens/Dictionary.tsx');

export const SysScreens = {
  admin: lazyScreen(() => people().then((m) => ({ default: m.AdminScreen }))),
  role: lazyScreen(() => people().then((m) => ({ default: m.RoleScreen }))),
  menu: lazyScreen(() => people().then((m) => ({ default: m.MenuScreen }))),
  group: lazyScreen(() => people().then((m) => ({ default: m.GroupScreen }))),
  reservelog: lazyScreen(() => data().then((m) => ({ default: m.ReserveLogScreen }))),
  status: lazyScreen(() => data().then((m) => ({ default: m.StatusScreen }))),
  roomtime: lazyScreen(() => config().then((m) => ({ default: m.RoomTimeScreen }))),
  email: lazyScreen(() => data().then((m) => ({ default: m.EmailScreen }))),
  /** Face recognition is the integration kind of /inte/fr. */
  face: InteScreens.fr,
  licence: lazyScreen(() => config().then((m) => ({ default: m.LicenceScreen }))),
  log: lazyScreen(() => data().then((m) => ({ default: m.LogScreen }))),
  dic: lazyScreen(() => dictionary().then((m) => ({ default: m.DicScreen }))),
  setting: lazyScreen(() => config().then((m) => ({ default: m.SettingScreen }))),
  sql: lazyScreen(() => data().then((m) => ({ default: m.SqlScreen }))),
  code: lazyScreen(() => config().then((m) => ({ default: m.CodeScreen }))),
  secret: lazyScreen(() => data().then((m) => ({ default: m.SecretScreen }))),
  padauth: lazyScreen(() => config().then((m) => ({ default: m.PadAuthScreen }))),
  security: lazyScreen(() => config().then((m) => ({ default: m.SecurityScreen }))),
  blackset: lazyScreen(() => config().then((m) => ({ default: m.BlackSetScreen }))),
  blacklist: lazyScreen(() => data().then((m) => ({ default: m.BlacklistScreen }))),
  violationlist: lazyScreen(() => data().then((m) => ({ default: m.ViolationScreen }))),
};
