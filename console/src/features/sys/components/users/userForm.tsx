/** The user form: its fields with the server's rules (users schema and rules), and the values to and from a user. */
import type { FieldDef, Values } from '../../../../components/crud/index.ts';
import { fromDateInput, toDateInput } from '../../../../components/format.ts';
import type { UserBody, UserView } from '../../api.ts';
import { RolePicker } from './RolePicker.tsx';

type Translate = (k: string, o?: Record<string, unknown>) => string;

/** The server's phone rule: 3 to 20 of digits, spaces and ( ) . -, an optional leading +, at least 3 digits. */
const PHONE = /^\+?[\d\s().-]{3,20}$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
/** Optional texts and their column lengths. */
const TEXTS = [
  ['cardNo', 50],
  ['department', 100],
  ['workplace', 100],
  ['position', 100],
  ['corpSection', 100],
  ['costCenter', 50],
] as const;

export function userFields(t: Translate): FieldDef[] {
  return [
    {
      name: 'username',
      label: t('user.username'),
      required: true,
      maxLength: 100,
      validate: (v) => (/\s/.test(String(v ?? '').trim()) ? t('user.noSpaces') : null),
    },
    { name: 'realName', label: t('user.realName'), required: true, maxLength: 100 },
    { name: 'employeeNo', label: t('user.employeeNo'), required: true, maxLength: 50 },
    {
      name: 'password',
      label: t('user.password'),
      type: 'password',
      createOnly: true,
      maxLength: 50,
      help: t('user.passwordHelp'),
    },
    {
      name: 'phone',
      label: t('user.phone'),
      maxLength: 30,
      validate: (v) => {
        const s = String(v ?? '').trim();
        return s && (!PHONE.test(s) || (s.match(/\d/g)?.length ?? 0) < 3) ? t('form.phone') : null;
      },
    },
    { name: 'email', label: t('user.email'), type: 'email', maxLength: 255 },
    ...TEXTS.map(([name, max]): FieldDef => ({ name, label: t(`user.${name}`), maxLength: max })),
    {
      name: 'ipAddress',
      label: t('user.ipAddress'),
      maxLength: 64,
      // IPv6 is left to the server, which checks both.
      validate: (v) => {
        const s = String(v ?? '').trim();
        return s && !s.includes(':') && !IPV4.test(s) ? t('user.badIp') : null;
      },
    },
    {
      name: 'status',
      label: t('user.status'),
      type: 'select',
      required: true,
      options: [
        { value: 1, text: t('user.normal') },
        { value: 0, text: t('user.disabled') },
      ],
    },
    { name: 'restricted', label: t('user.restricted'), type: 'checkbox' },
    { name: 'enableAt', label: t('user.enableAt'), type: 'date' },
    {
      name: 'restrictAt',
      label: t('user.restrictAt'),
      type: 'date',
      validate: (v, all) =>
        v && all.enableAt && String(v) < String(all.enableAt) ? t('user.expiryBeforeEnable') : null,
    },
    {
      name: 'roleIds',
      label: t('user.roles'),
      type: 'custom',
      validate: (v) => (Array.isArray(v) && v.length ? null : t('user.roleRequired')),
      render: (values, set, error) => (
        <RolePicker value={(values.roleIds as number[]) ?? []} onChange={(v) => set('roleIds', v)} error={error} />
      ),
    },
  ];
}

export function userToForm(u: UserView | null): Values {
  return u
    ? {
        ...u,
        enableAt: toDateInput(u.enableAt),
        restrictAt: toDateInput(u.restrictAt),
        roleIds: u.roles.map((r) => r.id),
      }
    : { status: 1, restricted: false, roleIds: [] };
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);

export function userBody(v: Values, creating: boolean): UserBody {
  return {
    username: String(v.username ?? ''),
    realName: String(v.realName ?? ''),
    employeeNo: String(v.employeeNo ?? ''),
    phone: text(v.phone),
    email: text(v.email),
    ...Object.fromEntries(TEXTS.map(([name]) => [name, text(v[name])])),
    ipAddress: text(v.ipAddress),
    status: Number(v.status ?? 1) === 0 ? 0 : 1,
    restricted: Boolean(v.restricted),
    enableAt: fromDateInput(v.enableAt),
    restrictAt: fromDateInput(v.restrictAt),
    roleIds: (v.roleIds as number[] | undefined) ?? [],
    ...(creating && v.password ? { password: String(v.password) } : {}),
  };
}
