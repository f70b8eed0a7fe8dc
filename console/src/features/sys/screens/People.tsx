/** Users, roles, menus and user groups (/sys/admin, /sys/role, /sys/menu, /sys/group). */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Dropdown, Form, Icon, Message, Modal, Segment, Table } from 'semantic-ui-react';
import { RowButton } from '../../../components/crud/index.ts';
import { rawRequest } from '../../../app/http.ts';
import { storage } from '../../../app/storage.ts';
import { useAppDispatch } from '../../../app/store.ts';
import {
  downloadFile,
  sysEndpoints,
  uploadFile,
  useSysGetQuery,
  useSysListQuery,
  useSysSaveMutation,
  type Row,
} from '../api.ts';
import { EntityScreen } from '../components/EntityScreen.tsx';
import { EMAIL_RE, PHONE_RE, type FieldDef, type Values } from '../components/Fields.tsx';
import { ReleaseNotice } from '../components/ReleaseNotice.tsx';
import { ResetPasswordModal } from '../components/ResetPasswordModal.tsx';
import {
  errorMessage,
  formatTime,
  fromDateInput,
  titleOf,
  toDateInput,
  useCan,
  useToast,
} from '../components/common.tsx';

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const orNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : (v ?? null));

interface ImportReport {
  imported: number;
  failed: Array<{ row: number; field: string; message: string }>;
}

function RolePicker({ value, onChange, error }: { value: number[]; onChange: (v: number[]) => void; error?: string }) {
  const { t } = useTranslation('sys');
  const { data } = useSysListQuery({ path: '/sys/roles', params: { page: 1, pageSize: 100, assignable: true } });
  return (
    <Form.Field required error={Boolean(error)}>
      <fieldset style={{ border: 0, padding: 0, margin: 0 }} aria-describedby={error ? 'roles-error' : undefined}>
        <legend style={{ fontWeight: 700, fontSize: '.93em', marginBottom: '.3em' }}>{t('user.roles')} *</legend>
        {(data?.items ?? []).map((r) => (
          <Checkbox
            key={r.id}
            id={`role-${r.id}`}
            label={str(r.name)}
            style={{ marginRight: '1.5em' }}
            checked={value.includes(r.id)}
            onChange={(_, d) => onChange(d.checked ? [...value, r.id] : value.filter((x) => x !== r.id))}
          />
        ))}
      </fieldset>
      {error && (
        <div id="roles-error" className="ui pointing above prompt label" role="alert">
          {error}
        </div>
      )}
    </Form.Field>
  );
}

function RechargeModal({ user, onClose }: { user: Row; onClose: () => void }) {
  const { t } = useTranslation('sys');
  const toast = useToast();
  const [amount, setAmount] = useState('');
  const [err, setErr] = useState('');
  const [save, saving] = useSysSaveMutation();
  const submit = async () => {
    const n = Math.round(Number(amount) * 100);
    if (!Number.isFinite(n) || n < 1) return setErr(t('form.min', { min: 0.01 }));
    const res = await save({ path: `/sys/users/${user.id}/recharge`, body: { amount: n }, method: 'POST' });
    if ('error' in res) return setErr(errorMessage(res.error));
    toast('success', t('saved'));
    onClose();
  };
  return (
    <Modal open size="tiny" onClose={onClose} aria-labelledby="recharge-title">
      <Modal.Header as="h2" id="recharge-title">
        {t('user.recharge')}: {str(user.realName)}
      </Modal.Header>
      <Modal.Content>
        <p>
          {t('user.balance')}: {(Number(user.creditBalance ?? 0) / 100).toFixed(2)}
        </p>
        <Form id="recharge-form" onSubmit={() => void submit()} error={Boolean(err)}>
          <Form.Field error={Boolean(err)}>
            <label htmlFor="recharge-amount">{t('user.amount')}</label>
            <input
              id="recharge-amount"
              type="number"
              min={0.01}
              step={0.01}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
            {err && (
              <div className="ui pointing above prompt label" role="alert">
                {err}
              </div>
            )}
          </Form.Field>
        </Form>
      </Modal.Content>
      <Modal.Actions>
        <Button type="button" onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button type="submit" form="recharge-form" primary loading={saving.isLoading}>
          {t('user.recharge')}
        </Button>
      </Modal.Actions>
    </Modal>
  );
}

export function AdminScreen() {
  const { t, i18n } = useTranslation('sys');
  const can = useCan();
  const toast = useToast();
  const [status, setStatus] = useState('');
  const [recharging, setRecharging] = useState<Row | null>(null);
  const [resetting, setResetting] = useState<Row | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const dispatch = useAppDispatch();
  const [save] = useSysSaveMutation();
  const lang = i18n.language;
  const fields: FieldDef[] = [
    { name: 'username', label: t('user.username'), required: true, maxLength: 100 },
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
      validate: (v) => (v && !PHONE_RE.test(String(v)) ? t('form.phone') : null),
    },
    {
      name: 'email',
      label: t('user.email'),
      type: 'email',
      maxLength: 255,
      validate: (v) => (v && !EMAIL_RE.test(String(v)) ? t('form.email') : null),
    },
    { name: 'cardNo', label: t('user.cardNo'), maxLength: 50 },
    { name: 'department', label: t('user.department'), maxLength: 100 },
    { name: 'workplace', label: t('user.workplace'), maxLength: 100 },
    { name: 'position', label: t('user.position'), maxLength: 100 },
    { name: 'corpSection', label: t('user.corpSection'), maxLength: 100 },
    { name: 'costCenter', label: t('user.costCenter'), maxLength: 50 },
    { name: 'ipAddress', label: t('user.ipAddress'), maxLength: 64 },
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
  const toForm = (row: Row | null): Values =>
    row
      ? {
          ...row,
          enableAt: toDateInput(row.enableAt),
          restrictAt: toDateInput(row.restrictAt),
          roleIds: ((row.roles as Array<{ id: number }>) ?? []).map((r) => r.id),
        }
      : { status: 1, restricted: false, roleIds: [] };
  const toBody = (v: Values, creating: boolean) => {
    const body: Values = {};
    for (const f of fields) if (f.name !== 'password' || creating) body[f.name] = orNull(v[f.name]);
    body.enableAt = fromDateInput(v.enableAt);
    body.restrictAt = fromDateInput(v.restrictAt);
    body.restricted = Boolean(v.restricted);
    body.status = Number(v.status ?? 1);
    if (!creating || !v.password) delete body.password;
    return body;
  };
  const importFile = async (file: File) => {
    if (!/\.xlsx?$/i.test(file.name)) return toast('error', t('user.importType'));
    if (file.size > 2 * 1024 * 1024) return toast('error', t('user.importSize'));
    setBusy(true);
    const res = await uploadFile('/sys/users/import', file);
    setBusy(false);
    if (res.code !== 0) return toast('error', res.msg || t('user.importFailed'));
    setReport(res.data as ImportReport);
    dispatch(sysEndpoints.util.invalidateTags(['Sys']));
  };
  const toggleStatus = async (row: Row) => {
    const res = await save({
      path: `/sys/users/${row.id}/status`,
      method: 'PUT',
      body: { status: row.status === 1 ? 0 : 1 },
    });
    if ('error' in res) toast('error', errorMessage(res.error));
  };
  return (
    <>
      <ReleaseNotice />
      <EntityScreen
        path="/sys/users"
        perm="sys:admin"
        title={t('title.admin')}
        testId="users"
        nameOf={(r) => str(r.username)}
        canDelete={(r) => r.username !== storage.username}
        params={status === '' ? {} : { status }}
        fields={fields}
        toForm={toForm}
        toBody={toBody}
        formSize="small"
        columns={[
          { key: 'username', header: t('user.username'), render: (r) => str(r.username) },
          { key: 'realName', header: t('user.realName'), render: (r) => str(r.realName) },
          { key: 'employeeNo', header: t('user.employeeNo'), render: (r) => str(r.employeeNo) },
          { key: 'department', header: t('user.department'), render: (r) => str(r.department) },
          {
            key: 'roles',
            header: t('user.roles'),
            render: (r) => ((r.roles as Array<{ name: string }>) ?? []).map((x) => x.name).join(', '),
          },
          {
            key: 'status',
            header: t('user.status'),
            render: (r) => (r.status === 1 ? t('user.normal') : t('user.disabled')),
          },
          { key: 'credit', header: t('user.balance'), render: (r) => (Number(r.creditBalance ?? 0) / 100).toFixed(2) },
          { key: 'lastLoginAt', header: t('user.lastLogin'), render: (r) => formatTime(r.lastLoginAt, lang) },
        ]}
        rowActions={(row) => (
          <>
            {can('sys:admin:update') && row.username !== storage.username && (
              <RowButton
                icon={row.status === 1 ? 'lock' : 'unlock'}
                label={`${row.status === 1 ? t('user.disable') : t('user.enable')} ${str(row.username)}`}
                onClick={() => void toggleStatus(row)}
              />
            )}
            {can('sys:admin:update') && (
              <RowButton
                icon="key"
                label={`${t('user.resetPassword')} ${str(row.username)}`}
                onClick={() => setResetting(row)}
              />
            )}
            {can('sys:admin:recharge') && (
              <RowButton
                icon="yen sign"
                label={`${t('user.recharge')} ${str(row.username)}`}
                onClick={() => setRecharging(row)}
              />
            )}
          </>
        )}
        toolbar={
          <>
            <label htmlFor="users-filter-status" className="ui sr-only" style={{ position: 'absolute', left: -9999 }}>
              {t('user.status')}
            </label>
            <select
              id="users-filter-status"
              className="ui dropdown"
              value={status}
              onChange={(e) => setStatus(e.target.value)}
              aria-label={t('user.status')}
            >
              <option value="">{t('user.allStatus')}</option>
              <option value="1">{t('user.normal')}</option>
              <option value="0">{t('user.disabled')}</option>
            </select>
            {can('sys:admin:import') && (
              <>
                <Button
                  type="button"
                  basic
                  icon
                  labelPosition="left"
                  onClick={() => void downloadFile('/sys/users/import-template', 'users-template.xlsx')}
                >
                  <Icon name="download" aria-hidden="true" />
                  {t('user.template')}
                </Button>
                <Button
                  type="button"
                  basic
                  icon
                  labelPosition="left"
                  loading={busy}
                  onClick={() => fileRef.current?.click()}
                  data-testid="users-import"
                >
                  <Icon name="upload" aria-hidden="true" />
                  {t('user.import')}
                </Button>
                <input
                  ref={fileRef}
                  type="file"
                  accept=".xls,.xlsx"
                  hidden
                  aria-label={t('user.import')}
                  data-testid="users-import-file"
                  onChange={(e) => {
                    const f = e.target.files?.[0];
                    e.target.value = '';
                    if (f) void importFile(f);
                  }}
                />
              </>
            )}
            {can('sys:admin:export') && (
              <Button
                type="button"
                basic
                icon
                labelPosition="left"
                onClick={() =>
                  void downloadFile('/sys/users/export', 'users.xlsx', status === '' ? {} : { status }).then((ok) => {
                    if (!ok) toast('error', t('user.exportFailed'));
                  })
                }
              >
                <Icon name="file excel outline" aria-hidden="true" />
                {t('user.export')}
              </Button>
            )}
          </>
        }
      >
        {report && (
          <Segment data-testid="import-report">
            <Message
              positive={report.failed.length === 0}
              warning={report.failed.length > 0}
              header={t('user.importResult', { imported: report.imported, failed: report.failed.length })}
            />
            {report.failed.length > 0 && (
              <Table compact celled aria-label={t('user.importErrors')}>
                <Table.Header>
                  <Table.Row>
                    <Table.HeaderCell scope="col">{t('user.row')}</Table.HeaderCell>
                    <Table.HeaderCell scope="col">{t('user.field')}</Table.HeaderCell>
                    <Table.HeaderCell scope="col">{t('user.error')}</Table.HeaderCell>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {report.failed.map((f, i) => (
                    <Table.Row key={i} data-testid="import-error">
                      <Table.Cell>{f.row}</Table.Cell>
                      <Table.Cell>{f.field}</Table.Cell>
                      <Table.Cell>{f.message}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table>
            )}
            <Button type="button" size="small" onClick={() => setReport(null)}>
              {t('close')}
            </Button>
          </Segment>
        )}
      </EntityScreen>
      {recharging && <RechargeModal user={recharging} onClose={() => setRecharging(null)} />}
      {resetting && <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />}
    </>
  );
}

interface PermNode {
  name: string;
  title: string;
  titleEn?: string;
  titleJa?: string;
  children?: PermNode[];
  actions?: Array<{ code: string; title: string; titleEn?: string; titleJa?: string }>;
}

function PermissionTree({ value, onChange }: { value: string[]; onChange: (v: string[]) => void }) {
  const { t, i18n } = useTranslation('sys');
  const { data } = useSysGetQuery({ path: '/sys/permissions' });
  const tree = (data ?? []) as PermNode[];
  const lang = i18n.language;
  const codesOf = (n: PermNode): string[] => [
    ...(n.actions ?? []).map((a) => a.code),
    ...(n.children ?? []).flatMap(codesOf),
  ];
  const toggleAll = (codes: string[], on: boolean) =>
    onChange(on ? Array.from(new Set([...value, ...codes])) : value.filter((c) => !codes.includes(c)));
  const render = (n: PermNode, depth: number) => {
    const codes = codesOf(n);
    const all = codes.length > 0 && codes.every((c) => value.includes(c));
    const some = codes.some((c) => value.includes(c));
    return (
      <li key={`${depth}-${n.name}`} style={{ margin: '0.3em 0' }}>
        <Checkbox
          id={`perm-node-${depth}-${n.name}`}
          label={`${titleOf(n, lang)} (${t('role.all')})`}
          checked={all}
          indeterminate={!all && some}
          onChange={(_, d) => toggleAll(codes, Boolean(d.checked))}
        />
        {(n.actions?.length ?? 0) > 0 && (
          <div style={{ marginLeft: '1.8em', display: 'flex', flexWrap: 'wrap', gap: '0.4em 1.2em' }}>
            {n.actions?.map((a) => (
              <Checkbox
                key={a.code}
                id={`perm-${a.code.replace(/:/g, '-')}`}
                label={titleOf(a, lang)}
                checked={value.includes(a.code)}
                data-code={a.code}
                onChange={(_, d) => toggleAll([a.code], Boolean(d.checked))}
              />
            ))}
          </div>
        )}
        {n.children && (
          <ul style={{ listStyle: 'none', paddingLeft: '1.2em', margin: 0 }}>
            {n.children.map((c) => render(c, depth + 1))}
          </ul>
        )}
      </li>
    );
  };
  return (
    <fieldset style={{ border: 0, padding: 0 }} data-testid="permission-tree">
      <legend style={{ fontWeight: 700 }}>{t('role.permissions')}</legend>
      <ul style={{ listStyle: 'none', paddingLeft: 0, margin: 0 }}>{tree.map((n) => render(n, 0))}</ul>
    </fieldset>
  );
}

export function RoleScreen() {
  const { t } = useTranslation('sys');
  const toast = useToast();
  /** GET /sys/role/pre/:id: whether you may change or delete this role. */
  const allowed = async (row: Row) => {
    const res = await rawRequest('GET', `/sys/role/pre/${row.id}`);
    if (res.body.code === 0) return true;
    toast('error', res.body.msg || t('role.notAllowed'));
    return false;
  };
  return (
    <EntityScreen
      path="/sys/roles"
      perm="sys:role"
      title={t('title.role')}
      testId="roles"
      nameOf={(r) => str(r.name)}
      formSize="large"
      allowed={allowed}
      canDelete={(r) => !r.builtIn}
      columns={[
        { key: 'name', header: t('role.name'), render: (r) => str(r.name) },
        { key: 'description', header: t('role.description'), render: (r) => str(r.description) },
        { key: 'users', header: t('role.users'), render: (r) => str(r.userCount ?? r.users ?? '') },
        {
          key: 'perms',
          header: t('role.permissions'),
          render: (r) => String(((r.permissions as string[]) ?? []).length),
        },
      ]}
      fields={[
        { name: 'name', label: t('role.name'), required: true, maxLength: 100 },
        { name: 'description', label: t('role.description'), type: 'textarea', maxLength: 300 },
        {
          name: 'permissions',
          label: t('role.permissions'),
          type: 'custom',
          render: (v, set) => (
            <PermissionTree value={(v.permissions as string[]) ?? []} onChange={(p) => set('permissions', p)} />
          ),
        },
      ]}
      toForm={(r) =>
        r
          ? { name: r.name, description: r.description ?? '', permissions: r.permissions ?? [] }
          : { name: '', description: '', permissions: [] }
      }
      toBody={(v) => ({ name: v.name, description: orNull(v.description), permissions: v.permissions ?? [] })}
    />
  );
}

export function MenuScreen() {
  const { t, i18n } = useTranslation('sys');
  const { data } = useSysListQuery({ path: '/sys/menus', params: { page: 1, pageSize: 100, parentId: 0 } });
  const sections = (data?.items ?? []).map((m) => ({ value: m.id, text: titleOf(m as never, i18n.language) }));
  return (
    <EntityScreen
      path="/sys/menus"
      perm="sys:menu"
      title={t('title.menu')}
      testId="menus"
      nameOf={(r) => titleOf(r as never, i18n.language)}
      canDelete={(r) => !r.builtIn}
      columns={[
        { key: 'title', header: t('menu.title'), render: (r) => titleOf(r as never, i18n.language) },
        { key: 'path', header: t('menu.path'), render: (r) => str(r.path) },
        {
          key: 'icon',
          header: t('menu.icon'),
          render: (r) =>
            r.icon ? (
              <>
                <Icon name={r.icon as never} aria-hidden="true" /> {str(r.icon)}
              </>
            ) : (
              ''
            ),
        },
        { key: 'sort', header: t('menu.sort'), render: (r) => str(r.sort) },
        { key: 'hidden', header: t('menu.hidden'), render: (r) => (r.hidden ? t('yes') : t('no')) },
      ]}
      fields={[
        { name: 'parentId', label: t('menu.parent'), type: 'select', options: sections },
        { name: 'name', label: t('menu.name'), required: true, maxLength: 100 },
        { name: 'path', label: t('menu.path'), required: true, maxLength: 200 },
        { name: 'title', label: t('menu.titleCn'), required: true, maxLength: 100 },
        { name: 'titleEn', label: t('menu.titleEn'), required: true, maxLength: 100 },
        { name: 'titleJa', label: t('menu.titleJa'), required: true, maxLength: 100 },
        { name: 'icon', label: t('menu.icon'), maxLength: 50 },
        { name: 'sort', label: t('menu.sort'), type: 'number', min: 0 },
        { name: 'hidden', label: t('menu.hidden'), type: 'checkbox' },
      ]}
      toForm={(r) => (r ? { ...r } : { parentId: null, sort: 0, hidden: false })}
      toBody={(v) => ({
        parentId: v.parentId === '' || v.parentId === undefined ? null : Number(v.parentId),
        name: v.name,
        path: v.path,
        title: v.title,
        titleEn: v.titleEn,
        titleJa: v.titleJa,
        icon: orNull(v.icon),
        hidden: Boolean(v.hidden),
        sort: Number(v.sort ?? 0),
      })}
    />
  );
}

type Member = { id: number; name: string };
function MemberPicker({ value, onChange }: { value: Member[]; onChange: (v: Member[]) => void }) {
  const { t } = useTranslation('sys');
  const [q, setQ] = useState('');
  const { data } = useSysGetQuery({ path: '/contacts/', params: { q, limit: 50 } });
  const found = ((data ?? []) as Array<{ id: number; name: string; realName: string }>).map((c) => ({
    id: c.id,
    name: c.realName ? `${c.realName} (${c.name})` : c.name,
  }));
  const all = [...value, ...found.filter((f) => !value.some((v) => v.id === f.id))];
  return (
    <Form.Field>
      <label htmlFor="group-members-search">{t('group.members')}</label>
      <Dropdown
        fluid
        multiple
        search
        selection
        aria-label={t('group.members')}
        options={all.map((c) => ({ key: c.id, value: c.id, text: c.name }))}
        value={value.map((v) => v.id)}
        searchInput={{ id: 'group-members-search', 'aria-label': t('group.members') }}
        onSearchChange={(_, d) => setQ(String(d.searchQuery))}
        onChange={(_, d) =>
          onChange((d.value as number[]).map((id) => all.find((c) => c.id === id) ?? { id, name: String(id) }))
        }
        noResultsMessage={t('empty')}
      />
    </Form.Field>
  );
}

export function GroupScreen() {
  const { t, i18n } = useTranslation('sys');
  return (
    <EntityScreen
      path="/sys/groups"
      perm="sys:group"
      title={t('title.group')}
      testId="groups"
      nameOf={(r) => str(r.name)}
      columns={[
        { key: 'name', header: t('group.name'), render: (r) => str(r.name) },
        { key: 'description', header: t('group.description'), render: (r) => str(r.description) },
        {
          key: 'members',
          header: t('group.members'),
          render: (r) => str(r.memberCount ?? ((r.members as unknown[]) ?? []).length),
        },
        { key: 'updatedAt', header: t('modified'), render: (r) => formatTime(r.updatedAt, i18n.language) },
      ]}
      fields={[
        { name: 'name', label: t('group.name'), required: true, maxLength: 100 },
        { name: 'description', label: t('group.description'), type: 'textarea', maxLength: 300 },
        {
          name: 'members',
          label: t('group.members'),
          type: 'custom',
          render: (v, set) => (
            <MemberPicker value={(v.members as Member[] | undefined) ?? []} onChange={(m) => set('members', m)} />
          ),
        },
      ]}
      loadOne
      toForm={(r) =>
        r
          ? {
              name: r.name,
              description: r.description ?? '',
              members: (
                (r.members as Array<{ id: number; realName?: string; name?: string; username?: string }>) ?? []
              ).map((m) => ({ id: m.id, name: m.realName || m.username || m.name || String(m.id) })),
            }
          : { name: '', description: '', members: [] }
      }
      toBody={(v) => ({
        name: v.name,
        description: orNull(v.description),
        memberIds: ((v.members as Member[]) ?? []).map((m) => m.id),
      })}
    />
  );
}
