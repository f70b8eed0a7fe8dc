/** System parameters, security, pad, blocklist rules, time configuration, licence and code generation. */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Header, Icon, Label, Loader, Message, Segment, Tab, Table } from 'semantic-ui-react';
import { useAppDispatch } from '../../../app/store.ts';
import { signedOut } from '../../../app/sessionSlice.ts';
import { navigate } from '../../../app/navigation.ts';
import { fieldErrorsOf, type FieldErrors } from '../../../components/crud/index.ts';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { saveBlob, uploadFile, useSysGetQuery, useSysSaveMutation } from '../api.ts';
import { Fields, type FieldDef, type Values } from '../components/Fields.tsx';
import { ReleaseNotice } from '../components/ReleaseNotice.tsx';
import { SettingsForm } from '../components/SettingsForm.tsx';
import { errorMessage, formatTime, humanise, inLang, useCan, useToast } from '../components/common.tsx';
import { LinkedIdentities, SSO_METHODS, SsoSettings } from './SsoSettings.tsx';

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));

interface Param {
  key: string;
  paramValue: unknown;
  group: string;
  remark: unknown;
  /** The caller holds this group's save permission (security, tablet and blocklist have their own). */
  editable: boolean;
}

export function SettingScreen() {
  const { t, i18n } = useTranslation('sys');
  usePageTitle(t('title.setting'));
  const can = useCan();
  const toast = useToast();
  const { data, isLoading } = useSysGetQuery({ path: '/sys/params' });
  const [save, saving] = useSysSaveMutation();
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const params = (data ?? []) as Param[];
  useEffect(() => setValues(Object.fromEntries(params.map((p) => [p.key, p.paramValue]))), [data]);
  if (isLoading) return <Loader active inline="centered" />;
  const groups = Array.from(new Set(params.map((p) => p.group)));
  const submit = async () => {
    const changed = Object.fromEntries(
      params.filter((p) => p.editable && values[p.key] !== p.paramValue).map((p) => [p.key, values[p.key]]),
    );
    if (!Object.keys(changed).length) return toast('info', t('nothingChanged'));
    const res = await save({ path: '/sys/params', method: 'PUT', body: changed });
    if ('error' in res) {
      const fe = fieldErrorsOf(res.error);
      setErrors(Object.keys(fe).length ? fe : { _: errorMessage(res.error) });
    } else {
      setErrors({});
      toast('success', t('saved'));
    }
  };
  return (
    <div className="sys-screen">
      <ReleaseNotice />
      <Header as="h1" size="medium">
        {t('title.setting')}
      </Header>
      <Form onSubmit={() => void submit()} error={Object.keys(errors).length > 0} noValidate data-testid="params">
        {Object.keys(errors).length > 0 && (
          <Message error role="alert" list={Object.entries(errors).map(([k, m]) => (k === '_' ? m : `${k}: ${m}`))} />
        )}
        {params.length === 0 && <Message content={t('empty')} />}
        {groups.map((g) => {
          const fields: FieldDef[] = params
            .filter((p) => p.group === g)
            .map((p) => ({
              name: p.key,
              label: p.key,
              help: inLang(p.remark, i18n.language),
              type:
                typeof p.paramValue === 'boolean' ? 'checkbox' : typeof p.paramValue === 'number' ? 'number' : 'text',
            }));
          return (
            <Segment key={g}>
              <Header as="h2" size="small">
                {t(`paramGroup.${g}`, { defaultValue: humanise(g) })}
              </Header>
              <Fields
                idPrefix="param"
                fields={fields}
                values={values}
                errors={errors}
                disabled={!can('sys:setting:save') || !params.some((p) => p.group === g && p.editable)}
                onChange={(n, v) => setValues((o) => ({ ...o, [n]: v }))}
              />
            </Segment>
          );
        })}
        {can('sys:setting:save') && (
          <Button type="submit" primary loading={saving.isLoading}>
            {t('save')}
          </Button>
        )}
      </Form>
    </div>
  );
}

function positive(values: Values, names: string[], t: (k: string) => string): FieldErrors {
  const e: FieldErrors = {};
  for (const n of names) if (n in values && !(Number(values[n]) >= 1)) e[n] = t('form.atLeastOne');
  return e;
}

/** The sign-in throttle and session limits: whole numbers within these bounds (the server checks the same). */
const SIGN_IN_LIMITS: Record<string, [number, number]> = {
  signInFreeFailures: [1, 100],
  signInMaxDelaySeconds: [10, 3600],
  sessionMaxDays: [1, 365],
};

export function SecurityScreen() {
  const { t } = useTranslation('sys');
  usePageTitle(t('title.security'));
  const tr = (k: string) => String(t(k));
  const panes = [
    {
      menuItem: t('security.policy'),
      render: () => (
        <Tab.Pane>
          <SettingsForm
            path="/sys/settings/security"
            savePerm="sys:security:save"
            testId="security"
            title={t('security.policy')}
            overrides={Object.fromEntries(
              Object.entries(SIGN_IN_LIMITS).map(([name, [min, max]]) => [name, { min, max }]),
            )}
            validate={(v) => {
              const e: FieldErrors = {};
              const min = Number(v.passwordMinLength);
              const max = Number(v.passwordMaxLength);
              if (!(min >= 1 && min <= 50)) e.passwordMinLength = t('form.range', { min: 1, max: 50 });
              if (!(max >= min && max <= 50))
                e.passwordMaxLength = t('form.range', { min: Number.isFinite(min) ? min : 1, max: 50 });
              const validity = Number(v.passwordValidityDays);
              const prompt = Number(v.passwordPromptDays);
              if (validity > 0 && !(prompt >= 1 && prompt <= validity))
                e.passwordPromptDays = t('security.promptRange');
              for (const [name, [lo, hi]] of Object.entries(SIGN_IN_LIMITS)) {
                const n = Number(v[name]);
                if (name in v && !(Number.isInteger(n) && n >= lo && n <= hi))
                  e[name] = t('form.range', { min: lo, max: hi });
              }
              return e;
            }}
          />
        </Tab.Pane>
      ),
    },
    ...SSO_METHODS.map((m) => ({
      menuItem: t(`security.${m}`),
      render: () => (
        <Tab.Pane>
          <SsoSettings method={m} />
        </Tab.Pane>
      ),
    })),
    {
      menuItem: t('identity.title'),
      render: () => (
        <Tab.Pane>
          <LinkedIdentities />
        </Tab.Pane>
      ),
    },
  ];
  void tr;
  return (
    <div className="sys-screen">
      <Header as="h1" size="medium">
        {t('title.security')}
      </Header>
      <Tab panes={panes} />
    </div>
  );
}

export function PadAuthScreen() {
  const { t } = useTranslation('sys');
  usePageTitle(t('title.padauth'));
  const METHODS = ['password', 'qr', 'card', 'face'];
  return (
    <div className="sys-screen">
      <Header as="h1" size="medium">
        {t('title.padauth')}
      </Header>
      <SettingsForm
        path="/sys/settings/pad"
        savePerm="sys:padauth:save"
        testId="pad"
        overrides={{
          padAuthMethods: {
            type: 'custom',
            render: (v, set, error) => {
              const chosen = str(v.padAuthMethods).split('|').filter(Boolean);
              const all = Array.from(new Set([...METHODS, ...chosen]));
              return (
                <Form.Field required error={Boolean(error)}>
                  <fieldset style={{ border: 0, padding: 0 }}>
                    <legend style={{ fontWeight: 700 }}>{t('field.padAuthMethods')}</legend>
                    {all.map((m) => (
                      <Form.Checkbox
                        key={m}
                        id={`pad-auth-${m}`}
                        label={t(`pad.${m}`, { defaultValue: m })}
                        checked={chosen.includes(m)}
                        onChange={(_, d) => {
                          const next = d.checked ? [...chosen, m] : chosen.filter((x) => x !== m);
                          set('padAuthMethods', next.length ? `|${next.join('|')}|` : '');
                        }}
                      />
                    ))}
                  </fieldset>
                  {error && (
                    <div className="ui pointing above prompt label" role="alert">
                      {error}
                    </div>
                  )}
                </Form.Field>
              );
            },
          },
        }}
        validate={(v): FieldErrors =>
          str(v.padAuthMethods).split('|').filter(Boolean).length ? {} : { padAuthMethods: String(t('pad.oneMethod')) }
        }
      />
    </div>
  );
}

export function BlackSetScreen() {
  const { t } = useTranslation('sys');
  usePageTitle(t('title.blackset'));
  return (
    <div className="sys-screen">
      <Header as="h1" size="medium">
        {t('title.blackset')}
      </Header>
      <SettingsForm
        path="/sys/settings/blocklist"
        savePerm="sys:blackset:save"
        testId="blackset"
        validate={(v) =>
          positive(v, ['blocklistMaxViolations', 'blocklistPeriodDays', 'blocklistDisableDays'], (k) => String(t(k)))
        }
      />
    </div>
  );
}

export function RoomTimeScreen() {
  const { t } = useTranslation('sys');
  usePageTitle(t('title.roomtime'));
  return (
    <div className="sys-screen">
      <Header as="h1" size="medium">
        {t('title.roomtime')}
      </Header>
      <SettingsForm
        path="/roTime/getOne"
        savePath="/roTime"
        savePerm="sys:roomtime:save"
        testId="roomtime"
        overrides={{
          startTime: { type: 'time' },
          endTime: { type: 'text', help: t('roomtime.endHelp') },
          interval: {
            type: 'select',
            required: true,
            options: [
              { value: 15, text: '15' },
              { value: 30, text: '30' },
            ],
          },
          maxDuration: { type: 'number', min: 0, max: 24, help: t('roomtime.maxHelp') },
        }}
        validate={(v) => {
          const e: FieldErrors = {};
          if (!/^([01]\d|2[0-4]):[0-5]\d$/.test(str(v.startTime))) e.startTime = t('form.time');
          if (!/^([01]\d|2[0-4]):[0-5]\d$/.test(str(v.endTime))) e.endTime = t('form.time');
          else if (str(v.endTime) <= str(v.startTime)) e.endTime = t('roomtime.endAfterStart');
          const m = Number(v.maxDuration);
          if (!(m >= 0 && m <= 24)) e.maxDuration = t('form.range', { min: 0, max: 24 });
          return e;
        }}
      />
    </div>
  );
}

interface LicenceInfo {
  state: string;
  licence: Record<string, unknown> | null;
  installedAt: number | null;
  limits: Record<string, unknown> | null;
  usage: Record<string, unknown>;
}

export function LicenceScreen() {
  const { t, i18n } = useTranslation('sys');
  usePageTitle(t('title.licence'));
  const can = useCan();
  const toast = useToast();
  const dispatch = useAppDispatch();
  const { data, isLoading, refetch } = useSysGetQuery({ path: '/sys/licence' });
  const [busy, setBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const info = data as LicenceInfo | undefined;
  const upload = async (file: File) => {
    if (!/\.txt$/i.test(file.name)) return toast('error', t('licence.txtOnly'));
    setBusy(true);
    const res = await uploadFile('/sys/licence', file);
    setBusy(false);
    if (res.code !== 0) return toast('error', res.msg || t('licence.failed'));
    toast('success', t('licence.registered'));
    dispatch(signedOut());
    navigate('/login', { replace: true });
  };
  if (isLoading) return <Loader active inline="centered" />;
  const tone: Record<string, string> = {
    registered: 'green',
    expired: 'orange',
    dataError: 'red',
    unregistered: 'grey',
  };
  const rows = { ...(info?.licence ?? {}), ...(info?.limits ?? {}) };
  return (
    <div className="sys-screen">
      <ReleaseNotice />
      <Header as="h1" size="medium">
        {t('title.licence')}
      </Header>
      <Segment data-testid="licence">
        <p>
          {t('licence.state')}:{' '}
          <Label color={tone[info?.state ?? ''] as never}>{t(`licenceState.${info?.state ?? 'unregistered'}`)}</Label>
        </p>
        <Table compact definition aria-label={t('title.licence')}>
          <Table.Body>
            {Object.entries(rows).map(([k, v]) => (
              <Table.Row key={k}>
                <Table.Cell>{t(`field.${k}`, { defaultValue: humanise(k) })}</Table.Cell>
                <Table.Cell>
                  {/At$/.test(k) ? formatTime(v, i18n.language) : str(typeof v === 'object' ? JSON.stringify(v) : v)}
                </Table.Cell>
              </Table.Row>
            ))}
            {Object.entries(info?.usage ?? {}).map(([k, v]) => (
              <Table.Row key={`u-${k}`}>
                <Table.Cell>
                  {t('licence.usage')}: {t(`field.${k}`, { defaultValue: humanise(k) })}
                </Table.Cell>
                <Table.Cell>{str(v)}</Table.Cell>
              </Table.Row>
            ))}
            <Table.Row>
              <Table.Cell>{t('licence.installedAt')}</Table.Cell>
              <Table.Cell>{formatTime(info?.installedAt, i18n.language)}</Table.Cell>
            </Table.Row>
          </Table.Body>
        </Table>
        {can('sys:licence:register') && (
          <>
            <Button
              type="button"
              primary
              icon
              labelPosition="left"
              loading={busy}
              onClick={() => fileRef.current?.click()}
            >
              <Icon name="upload" aria-hidden="true" />
              {t('licence.upload')}
            </Button>
            <input
              ref={fileRef}
              type="file"
              accept=".txt,text/plain"
              hidden
              aria-label={t('licence.upload')}
              onChange={(e) => {
                const f = e.target.files?.[0];
                e.target.value = '';
                if (f) void upload(f);
              }}
            />
            <p style={{ marginTop: '.5em', color: '#555' }}>{t('licence.reLogin')}</p>
          </>
        )}
        <Button type="button" basic onClick={() => void refetch()}>
          {t('refresh')}
        </Button>
      </Segment>
    </div>
  );
}

const KINDS = ['environment', 'occupancy', 'face', 'eink', 'access', 'notify', 'app', 'event', 'switch'];

export function CodeScreen() {
  const { t } = useTranslation('sys');
  usePageTitle(t('title.code'));
  const toast = useToast();
  const [kind, setKind] = useState('notify');
  const [id, setId] = useState('');
  const [query, setQuery] = useState<{ kind: string; id: string } | null>(null);
  const { data, isFetching, error } = useSysGetQuery(
    { path: '/sys/setting/code/plugin', params: query ?? {} },
    { skip: !query },
  );
  const files = (data as { files?: Array<{ path: string; content: string }> } | undefined)?.files ?? [];
  const valid = /^[a-z][a-z0-9-]{1,48}$/.test(id);
  const command = `atrium plugin new ${kind} ${id || 'ID'}`;
  const downloadAll = () => {
    for (const f of files) saveBlob(new Blob([f.content], { type: 'text/plain' }), f.path.replace(/\//g, '_'));
    toast('success', t('code.downloaded'));
  };
  return (
    <div className="sys-screen">
      <Header as="h1" size="medium">
        {t('title.code')}
      </Header>
      <Segment>
        <Form onSubmit={() => valid && setQuery({ kind, id })} data-testid="code-form">
          <Form.Group widths="equal">
            <Form.Field required>
              <label htmlFor="code-kind">{t('code.kind')}</label>
              <select id="code-kind" className="ui dropdown" value={kind} onChange={(e) => setKind(e.target.value)}>
                {KINDS.map((k) => (
                  <option key={k} value={k}>
                    {k}
                  </option>
                ))}
              </select>
            </Form.Field>
            <Form.Field required error={id !== '' && !valid}>
              <label htmlFor="code-id">{t('code.id')}</label>
              <input
                id="code-id"
                value={id}
                placeholder={`${kind}-acme`}
                onChange={(e) => setId(e.target.value.trim())}
                aria-describedby="code-id-help"
              />
              <small id="code-id-help">{t('code.idHelp')}</small>
            </Form.Field>
          </Form.Group>
          <p>
            {t('code.command')}: <code data-testid="code-command">{command}</code>
          </p>
          <Button type="submit" primary disabled={!valid} loading={isFetching}>
            {t('code.generate')}
          </Button>
        </Form>
      </Segment>
      {error && <Message error content={errorMessage(error)} />}
      {files.length > 0 && (
        <Segment>
          <Button type="button" icon labelPosition="left" onClick={downloadAll}>
            <Icon name="download" aria-hidden="true" />
            {t('code.download')}
          </Button>
          {files.map((f) => (
            <details key={f.path}>
              <summary>
                <code>{f.path}</code>
              </summary>
              <pre style={{ overflow: 'auto', maxHeight: 300 }}>{f.content}</pre>
            </details>
          ))}
        </Segment>
      )}
    </div>
  );
}
