/** Logs, blocklist, violations, pad status, API keys and the notification centre. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Form, Header, Icon, Message, Modal, Segment, Tab } from 'semantic-ui-react';
import { CrudTable, RowButton, type Column } from '../../../components/crud/index.ts';
import { PressedButton } from '../../../components/PressedButton.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { downloadFile, useSysListQuery, useSysSaveMutation, type Row } from '../api.ts';
import { LANG_NAMES, LANGS, type Lang } from '../../../i18n/index.ts';
import { EntityScreen } from '../components/EntityScreen.tsx';
import { errorMessage, formatTime, useCan, useToast } from '../components/common.tsx';

const str = (v: unknown) =>
  v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
const orNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : (v ?? null));

/** A read-only paged log with search, optional date range and CSV export. */
function LogList({
  path,
  title,
  testId,
  columns,
  exportPath,
  exportPerm,
  extraParams,
  range,
}: {
  path: string;
  title: string;
  testId: string;
  columns: Column<Row>[];
  exportPath?: string;
  exportPerm?: string;
  extraParams?: Record<string, unknown>;
  range?: boolean;
}) {
  const { t } = useTranslation('sys');
  usePageTitle(title);
  const can = useCan();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const params: Record<string, unknown> = { ...(q ? { q } : {}), ...extraParams };
  if (range && from) params.from = new Date(`${from}T00:00:00`).getTime();
  if (range && to) params.to = new Date(`${to}T23:59:59`).getTime();
  const { data, isFetching } = useSysListQuery({ path, params: { page, pageSize: 20, ...params } });
  return (
    <div className="sys-screen">
      <Header as="h1" size="medium">
        {title}
      </Header>
      <CrudTable<Row>
        label={title}
        testId={testId}
        columns={columns}
        data={data}
        loading={isFetching}
        rowKey={(r) => str(r.id ?? r.shapeHash)}
        page={page}
        onPage={setPage}
        onSearch={(s) => {
          setQ(s);
          setPage(1);
        }}
        emptyText={t('empty')}
        toolbar={
          <>
            {range && (
              <>
                <label htmlFor={`${testId}-from`}>{t('from')}</label>
                <input
                  id={`${testId}-from`}
                  type="date"
                  value={from}
                  onChange={(e) => {
                    setFrom(e.target.value);
                    setPage(1);
                  }}
                />
                <label htmlFor={`${testId}-to`}>{t('to')}</label>
                <input
                  id={`${testId}-to`}
                  type="date"
                  value={to}
                  onChange={(e) => {
                    setTo(e.target.value);
                    setPage(1);
                  }}
                />
              </>
            )}
            {exportPath && exportPerm && can(exportPerm) && (
              <Button
                type="button"
                basic
                icon
                labelPosition="left"
                onClick={() =>
                  void downloadFile(exportPath, `${testId}.csv`, params).then((ok) => {
                    if (!ok) toast('error', t('exportFailed'));
                  })
                }
              >
                <Icon name="download" aria-hidden="true" />
                {t('export')}
              </Button>
            )}
          </>
        }
      />
    </div>
  );
}

export function ReserveLogScreen() {
  const { t, i18n } = useTranslation('sys');
  const l = i18n.language;
  return (
    <LogList
      path="/sys/logs/reservations"
      exportPath="/sys/logs/reservations/export"
      exportPerm="sys:reservelog:export"
      range
      title={t('title.reservelog')}
      testId="reservelog"
      columns={[
        { key: 'at', header: t('log.time'), render: (r) => formatTime(r.createdAt ?? r.at, l) },
        { key: 'user', header: t('log.user'), render: (r) => str(r.username ?? r.userName ?? r.userId) },
        { key: 'action', header: t('log.action'), render: (r) => str(r.action) },
        { key: 'booking', header: t('log.booking'), render: (r) => str(r.bookingId) },
        { key: 'resource', header: t('log.resource'), render: (r) => str(r.resourceName ?? r.resourceId) },
        { key: 'detail', header: t('log.detail'), render: (r) => str(r.detail ?? r.subject ?? '') },
      ]}
    />
  );
}

export function LogScreen() {
  const { t, i18n } = useTranslation('sys');
  const l = i18n.language;
  return (
    <LogList
      path="/sys/logs/operations"
      exportPath="/sys/logs/operations/export"
      exportPerm="sys:log:export"
      range
      title={t('title.log')}
      testId="oplog"
      columns={[
        { key: 'at', header: t('log.time'), render: (r) => formatTime(r.createdAt ?? r.at, l) },
        { key: 'user', header: t('log.user'), render: (r) => str(r.username ?? r.userId) },
        { key: 'action', header: t('log.action'), render: (r) => str(r.action) },
        { key: 'target', header: t('log.target'), render: (r) => str(r.target) },
        { key: 'ip', header: t('log.ip'), render: (r) => str(r.ip ?? r.ipAddress) },
        {
          key: 'detail',
          header: t('log.detail'),
          render: (r) => <span style={{ wordBreak: 'break-all' }}>{str(r.detail ?? r.summary).slice(0, 200)}</span>,
        },
      ]}
    />
  );
}

export function SqlScreen() {
  const { t, i18n } = useTranslation('sys');
  const [slowOnly, setSlowOnly] = useState(false);
  return (
    <>
      <Checkbox
        toggle
        label={t('sql.slowOnly')}
        checked={slowOnly}
        onChange={(_, d) => setSlowOnly(Boolean(d.checked))}
        style={{ float: 'right' }}
      />
      <LogList
        path="/sys/logs/sql"
        title={t('title.sql')}
        testId="sql"
        extraParams={slowOnly ? { slowOnly: true } : {}}
        columns={[
          {
            key: 'shape',
            header: t('sql.shape'),
            render: (r) => <code style={{ wordBreak: 'break-all' }}>{str(r.shape)}</code>,
          },
          { key: 'count', header: t('sql.count'), render: (r) => str(r.count) },
          { key: 'mean', header: t('sql.mean'), render: (r) => str(r.meanMs) },
          { key: 'max', header: t('sql.max'), render: (r) => str(r.maxMs) },
          { key: 'slow', header: t('sql.slow'), render: (r) => str(r.slowCount) },
          { key: 'last', header: t('sql.last'), render: (r) => formatTime(r.lastAt, i18n.language) },
        ]}
      />
    </>
  );
}

export function BlacklistScreen() {
  const { t, i18n } = useTranslation('sys');
  const can = useCan();
  const toast = useToast();
  const [all, setAll] = useState(false);
  const [releasing, setReleasing] = useState<Row | null>(null);
  const [save, saving] = useSysSaveMutation();
  const release = async () => {
    if (!releasing) return;
    const res = await save({ path: `/sys/blocklist/${releasing.id}/release`, method: 'POST', body: {} });
    if ('error' in res) toast('error', errorMessage(res.error));
    else toast('success', t('blacklist.released'));
    setReleasing(null);
  };
  const l = i18n.language;
  return (
    <>
      <EntityScreen
        path="/sys/blocklist"
        perm="sys:blacklist"
        title={t('title.blacklist')}
        testId="blacklist"
        nameOf={(r) => str(r.username ?? r.userId)}
        noDelete
        params={{ status: all ? 'all' : 'active' }}
        toolbar={
          <Checkbox
            toggle
            label={t('blacklist.showAll')}
            checked={all}
            onChange={(_, d) => setAll(Boolean(d.checked))}
          />
        }
        columns={[
          {
            key: 'user',
            header: t('log.user'),
            render: (r) => str(r.realName ? `${str(r.realName)} (${str(r.username)})` : (r.username ?? r.userId)),
          },
          { key: 'count', header: t('blacklist.violations'), render: (r) => str(r.violationCount) },
          {
            key: 'disabledAt',
            header: t('blacklist.disabledAt'),
            render: (r) => formatTime(r.disabledAt ?? r.createdAt, l),
          },
          { key: 'releaseAt', header: t('blacklist.releaseAt'), render: (r) => formatTime(r.releaseAt, l) },
          { key: 'releasedAt', header: t('blacklist.releasedAt'), render: (r) => formatTime(r.releasedAt, l) },
        ]}
        rowActions={(r) =>
          (can('sys:blacklist:update') || can('sys:blacklist:release')) && !r.releasedAt ? (
            <RowButton
              icon="unlock"
              label={`${t('blacklist.release')} ${str(r.username)}`}
              onClick={() => setReleasing(r)}
            />
          ) : null
        }
      />
      <Modal open={releasing !== null} size="tiny" onClose={() => setReleasing(null)} aria-labelledby="release-title">
        <Modal.Header as="h2" id="release-title">
          {t('blacklist.release')}
        </Modal.Header>
        <Modal.Content>
          <p>{t('blacklist.releaseQuestion', { name: str(releasing?.username) })}</p>
        </Modal.Content>
        <Modal.Actions>
          <Button type="button" onClick={() => setReleasing(null)} autoFocus>
            {t('cancel')}
          </Button>
          <Button type="button" primary loading={saving.isLoading} onClick={() => void release()}>
            {t('blacklist.release')}
          </Button>
        </Modal.Actions>
      </Modal>
    </>
  );
}

export function ViolationScreen() {
  const { t, i18n } = useTranslation('sys');
  const l = i18n.language;
  return (
    <LogList
      path="/sys/violations"
      range
      title={t('title.violationlist')}
      testId="violations"
      columns={[
        { key: 'at', header: t('log.time'), render: (r) => formatTime(r.occurredAt ?? r.createdAt, l) },
        { key: 'user', header: t('log.user'), render: (r) => str(r.username ?? r.userId) },
        { key: 'booking', header: t('log.booking'), render: (r) => str(r.subject ?? r.bookingId) },
        { key: 'resource', header: t('log.resource'), render: (r) => str(r.resourceName ?? r.resourceId) },
        { key: 'kind', header: t('log.action'), render: (r) => str(r.kind ?? r.reason ?? '') },
      ]}
    />
  );
}

export function StatusScreen() {
  const { t, i18n } = useTranslation('sys');
  const l = i18n.language;
  return (
    <LogList
      path="/room/devices"
      extraParams={{ kind: 'pad' }}
      title={t('title.status')}
      testId="padstatus"
      columns={[
        { key: 'name', header: t('status.name'), render: (r) => str(r.name) },
        { key: 'no', header: t('status.deviceNo'), render: (r) => str(r.deviceNo) },
        { key: 'room', header: t('log.resource'), render: (r) => str(r.resourceName) },
        {
          key: 'state',
          header: t('status.state'),
          render: (r) => (
            <span className="ui small label" style={{ background: r.connected ? '#1a7f37' : '#5a5a5a', color: '#fff' }}>
              {r.connected ? t('status.online') : t('status.offline')}
            </span>
          ),
        },
        { key: 'last', header: t('status.lastSeen'), render: (r) => formatTime(r.lastSeenAt, l) },
      ]}
    />
  );
}

export function SecretScreen() {
  const { t, i18n } = useTranslation('sys');
  const [shown, setShown] = useState<string | null>(null);
  const l = i18n.language;
  return (
    <>
      <EntityScreen
        path="/sys/keys"
        perm="sys:secret"
        title={t('title.secret')}
        testId="keys"
        nameOf={(r) => str(r.name)}
        noEdit
        canDelete={(r) => r.state === 'active'}
        deleteLabel={t('key.revoke')}
        onCreated={(a) => setShown(str((a as { key?: string } | undefined)?.key))}
        columns={[
          { key: 'name', header: t('key.name'), render: (r) => str(r.name) },
          { key: 'keyId', header: t('key.keyId'), render: (r) => str(r.keyId ?? r.prefix) },
          { key: 'user', header: t('key.user'), render: (r) => str(r.username) },
          { key: 'scopes', header: t('key.scopes'), render: (r) => ((r.scopes as string[]) ?? []).join(', ') },
          { key: 'expiresAt', header: t('key.expiresAt'), render: (r) => formatTime(r.expiresAt, l) },
          { key: 'lastUsed', header: t('key.lastUsed'), render: (r) => formatTime(r.lastUsedAt, l) },
          {
            key: 'state',
            header: t('status.state'),
            render: (r) => t(`key.state.${str(r.state)}`, { defaultValue: str(r.state) }),
          },
        ]}
        fields={[
          { name: 'name', label: t('key.name'), required: true, maxLength: 100 },
          { name: 'scopes', label: t('key.scopes'), required: true, help: t('key.scopesHelp') },
          { name: 'expiresAt', label: t('key.expiresAt'), type: 'date' },
        ]}
        toForm={() => ({ name: '', scopes: '', expiresAt: '' })}
        toBody={(v) => ({
          name: v.name,
          scopes: String(v.scopes)
            .split(/[\s,]+/)
            .filter(Boolean),
          expiresAt: v.expiresAt ? new Date(`${String(v.expiresAt)}T23:59:59`).getTime() : null,
        })}
      />
      <Modal
        open={shown !== null}
        size="small"
        onClose={() => setShown(null)}
        aria-labelledby="secret-title"
        data-testid="secret-once"
      >
        <Modal.Header as="h2" id="secret-title">
          {t('key.created')}
        </Modal.Header>
        <Modal.Content>
          <Message warning content={t('key.once')} />
          <Segment>
            <code style={{ wordBreak: 'break-all' }} data-testid="secret-text">
              {shown}
            </code>
          </Segment>
        </Modal.Content>
        <Modal.Actions>
          <Button type="button" onClick={() => void navigator.clipboard?.writeText(shown ?? '')}>
            {t('copy')}
          </Button>
          <Button type="button" primary onClick={() => setShown(null)}>
            {t('close')}
          </Button>
        </Modal.Actions>
      </Modal>
    </>
  );
}

const EVENTS = [
  'booking.created',
  'booking.updated',
  'booking.cancelled',
  'booking.reminder',
  'booking.approvalRequested',
  'booking.approved',
  'booking.denied',
  'booking.expired',
  'booking.revoked',
  'booking.autoCancelled',
  'user.violation',
  'user.blocklisted',
  'user.released',
  'user.passwordExpiring',
];

function Templates() {
  const { t } = useTranslation('sys');
  const can = useCan();
  const toast = useToast();
  const [event, setEvent] = useState('');
  const [editing, setEditing] = useState<Row | null>(null);
  const [subject, setSubject] = useState('');
  const [content, setContent] = useState('');
  const [preview, setPreview] = useState<{ lang: Lang; subject?: string; html?: string; text?: string } | null>(null);
  const [save, saving] = useSysSaveMutation();
  const [render, rendering] = useSysSaveMutation();
  const renderingLang = (rendering.originalArgs?.body as { lang?: string } | undefined)?.lang;
  const [page, setPage] = useState(1);
  const { data, isFetching } = useSysListQuery({
    path: '/sys/templates',
    params: { page, pageSize: 30, ...(event ? { event } : {}) },
  });
  const open = (r: Row) => {
    setEditing(r);
    setSubject(str(r.subject));
    setContent(str(r.content));
    setPreview(null);
  };
  /** Renders the event's template in `lang`: the text being edited for its own language, the saved one for the others. */
  const doPreview = async (lang: Lang) => {
    if (!editing) return;
    const own = lang === editing.lang;
    const res = await render({
      path: '/sys/templates/preview',
      method: 'POST',
      body: { event: editing.event, lang, ...(own ? { subject, content } : {}) },
    });
    if ('error' in res) toast('error', errorMessage(res.error));
    else setPreview({ lang, ...(res.data as { subject?: string; html?: string; text?: string }) });
  };
  const doSave = async () => {
    if (!editing) return;
    const res = await save({ path: '/sys/templates', id: editing.id, body: { subject, content } });
    if ('error' in res) toast('error', errorMessage(res.error));
    else {
      toast('success', t('saved'));
      setEditing(null);
    }
  };
  return (
    <>
      <CrudTable<Row>
        label={t('email.templates')}
        testId="templates"
        data={data}
        loading={isFetching}
        rowKey={(r) => r.id}
        page={page}
        onPage={setPage}
        emptyText={t('empty')}
        toolbar={
          <>
            <label htmlFor="tpl-event">{t('email.event')}</label>
            <select
              id="tpl-event"
              className="ui dropdown"
              value={event}
              onChange={(e) => {
                setEvent(e.target.value);
                setPage(1);
              }}
            >
              <option value="">{t('all')}</option>
              {EVENTS.map((e) => (
                <option key={e} value={e}>
                  {t(`event.${e}`, { defaultValue: e })}
                </option>
              ))}
            </select>
          </>
        }
        columns={[
          {
            key: 'event',
            header: t('email.event'),
            render: (r) => t(`event.${str(r.event)}`, { defaultValue: str(r.event) }),
          },
          { key: 'lang', header: t('email.lang'), render: (r) => str(r.lang) },
          { key: 'subject', header: t('email.subject'), render: (r) => str(r.subject) },
        ]}
        actions={(r) => (
          <RowButton
            icon={can('sys:email:update') || can('sys:email:save') ? 'edit' : 'eye'}
            label={`${t('edit')} ${str(r.event)} ${str(r.lang)}`}
            onClick={() => open(r)}
          />
        )}
      />
      <Modal open={editing !== null} onClose={() => setEditing(null)} size="large" aria-labelledby="tpl-title">
        <Modal.Header as="h2" id="tpl-title">
          {t(`event.${str(editing?.event)}`, { defaultValue: str(editing?.event) })} · {str(editing?.lang)}
        </Modal.Header>
        <Modal.Content scrolling>
          <Form>
            <Form.Field>
              <label htmlFor="tpl-subject">{t('email.subject')}</label>
              <input id="tpl-subject" value={subject} onChange={(e) => setSubject(e.target.value)} />
            </Form.Field>
            <Form.Field>
              <label htmlFor="tpl-content">{t('email.content')}</label>
              <textarea id="tpl-content" rows={8} value={content} onChange={(e) => setContent(e.target.value)} />
            </Form.Field>
          </Form>
          <div
            className="tpl-preview-langs"
            role="group"
            aria-label={t('email.previewIn')}
            style={{ display: 'flex', flexWrap: 'wrap', gap: '.5em', alignItems: 'center', margin: '1em 0 .5em' }}
          >
            <span>{t('email.previewIn')}:</span>
            {LANGS.map((l) => (
              <PressedButton
                key={l}
                look="basic small"
                pressed={preview?.lang === l}
                loading={rendering.isLoading && renderingLang === l}
                lang={l === 'cn' ? 'zh-CN' : l}
                onClick={() => void doPreview(l)}
                data-testid={`tpl-preview-${l}`}
              >
                {LANG_NAMES[l]}
              </PressedButton>
            ))}
          </div>
          {preview && (
            <Segment
              data-testid="tpl-preview"
              data-lang={preview.lang}
              lang={preview.lang === 'cn' ? 'zh-CN' : preview.lang}
            >
              <Header as="h3" size="small" data-testid="tpl-preview-subject">
                {preview.subject}
              </Header>
              {/* The server renders the template with escaped sample values; shown sandboxed. */}
              <iframe
                title={`${t('email.preview')}: ${LANG_NAMES[preview.lang]}`}
                sandbox=""
                style={{ width: '100%', minHeight: 200, border: 0 }}
                srcDoc={preview.html ?? ''}
              />
              <details>
                <summary>{t('email.plainText')}</summary>
                <pre style={{ whiteSpace: 'pre-wrap' }} data-testid="tpl-preview-text">
                  {preview.text ?? ''}
                </pre>
              </details>
            </Segment>
          )}
        </Modal.Content>
        <Modal.Actions>
          <Button type="button" onClick={() => setEditing(null)}>
            {t('cancel')}
          </Button>
          <Button
            type="button"
            basic
            loading={rendering.isLoading}
            onClick={() => editing && void doPreview(editing.lang as Lang)}
            data-testid="tpl-preview-own"
          >
            {t('email.preview')}
          </Button>
          {(can('sys:email:update') || can('sys:email:save')) && (
            <Button type="button" primary loading={saving.isLoading} onClick={() => void doSave()}>
              {t('save')}
            </Button>
          )}
        </Modal.Actions>
      </Modal>
    </>
  );
}

export function EmailScreen() {
  const { t, i18n } = useTranslation('sys');
  usePageTitle(t('title.email'));
  const panes = [
    {
      menuItem: t('email.centre'),
      render: () => (
        <Tab.Pane>
          <EntityScreen
            path="/sys/notifications"
            perm="sys:email"
            title={t('email.centre')}
            testId="notifications"
            nameOf={(r) => str(r.name)}
            columns={[
              { key: 'name', header: t('email.name'), render: (r) => str(r.name) },
              { key: 'recipient', header: t('email.recipient'), render: (r) => str(r.recipient) },
              { key: 'date', header: t('email.date'), render: (r) => str(r.date) },
              { key: 'title', header: t('email.subject'), render: (r) => str(r.title) },
              { key: 'updated', header: t('modified'), render: (r) => formatTime(r.updatedAt, i18n.language) },
            ]}
            fields={[
              { name: 'name', label: t('email.name'), required: true, maxLength: 100 },
              { name: 'recipient', label: t('email.recipient'), required: true, maxLength: 300 },
              { name: 'date', label: t('email.date'), type: 'date', required: true },
              { name: 'title', label: t('email.subject'), maxLength: 100 },
              { name: 'content', label: t('email.content'), type: 'textarea', maxLength: 5000 },
            ]}
            toBody={(v) => ({
              name: v.name,
              recipient: v.recipient,
              date: v.date,
              title: orNull(v.title),
              content: orNull(v.content),
            })}
          />
        </Tab.Pane>
      ),
    },
    {
      menuItem: t('email.templates'),
      render: () => (
        <Tab.Pane>
          <Templates />
        </Tab.Pane>
      ),
    },
  ];
  return <Tab panes={panes} />;
}
