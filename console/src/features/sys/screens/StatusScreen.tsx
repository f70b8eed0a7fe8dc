/**
 * /sys/status: the door tablets (docs/product-rules.md R19): which room each shows, whether it is online, its app and
 * screen; pairing a tablet with a room (or the wall screen, with one panel or every panel, R19.12), and per tablet
 * rename, reload, re-pair and revoke for `tablets.manage`.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan, useToast } from '../../../app/hooks.ts';
import { CrudAddButton } from '../../../components/crud/CrudActions.tsx';
import { ConfirmDelete, CrudForm, CrudScreen, RowButton, useCrudForm } from '../../../components/crud/index.ts';
import { formatTime } from '../../../components/format.ts';
import { StatusLabel } from '../../../components/StatusLabel.tsx';
import { usePanelListQuery } from '../../room/api.ts';
import { FilterSelect } from '../../room/components/FilterSelect.tsx';
import { placeOf, TabletPairingDialog } from '../components/TabletPairingDialog.tsx';
import { useTabletRooms } from '../components/useTabletRooms.ts';
import {
  tablets,
  usePairTabletMutation,
  useReloadTabletMutation,
  useRepairTabletMutation,
  useRevokeTabletMutation,
  type PairingCode,
  type TabletView,
} from '../api.ts';
import '../i18n.ts';

/** A code on screen, and how to ask for another once it expires (the same room and name, or the same tablet). */
interface Shown {
  answer: PairingCode;
  title: string;
  renew: () => Promise<PairingCode | null>;
}

type PairBody = { resourceId: number; name?: string } | { wall: true; panelId?: number; name?: string };

/** The room select's choice that pairs the wall screen instead of a room's door tablet. */
const WALL = 'wall';

/** The list reads again this often, so that online and last seen stay true while the screen is open. */
const REFRESH_MS = 30_000;

export default function StatusScreen() {
  const { t, i18n } = useTranslation('sys');
  const can = useCan();
  const toast = useToast();
  const manage = can('tablets.manage');
  const rooms = useTabletRooms();
  const { data: panels = [] } = usePanelListQuery(undefined, { skip: !manage });
  const [roomId, setRoomId] = useState<number | ''>('');
  const [online, setOnline] = useState<'true' | 'false' | ''>('');
  const [shown, setShown] = useState<Shown | null>(null);
  const [asking, setAsking] = useState<{ kind: 'revoke' | 'repair'; row: TabletView } | null>(null);
  const [pair, pairing] = usePairTabletMutation();
  const [repair, repairing] = useRepairTabletMutation();
  const [revoke, revoking] = useRevokeTabletMutation();
  const [reload] = useReloadTabletMutation();

  const answerOf = (res: { data: PairingCode } | { error: unknown }) => ('data' in res ? res.data : null);
  // The pairing call is quiet for its form's sake; asked again from the code dialog, its refusal is toasted here.
  const codeFor = (body: PairBody) => async () => {
    const res = await pair({ id: null, body });
    if ('error' in res) toast('error', (res.error as { msg?: string } | undefined)?.msg ?? t('loadFailed'));
    return answerOf(res);
  };
  const repairOf = (row: TabletView) => async () => answerOf(await repair(row.id));
  // What the last code was asked with, so that an expired one is replaced by the same request.
  const asked = useRef<PairBody>({ resourceId: 0 });
  const pairForm = useCrudForm<never, PairBody>({
    save: () => [pair, pairing] as const,
    idOf: () => 0,
    fields: (v) => [
      {
        name: 'resourceId',
        label: t('tablets.room'),
        type: 'select',
        required: true,
        help: t('tablets.roomHelp'),
        options: [{ value: WALL, text: t('tablets.wallScreen') }, ...rooms.map((r) => ({ value: r.id, text: r.name }))],
      },
      ...(v.resourceId === WALL
        ? [
            {
              name: 'panelId',
              label: t('tablets.panel'),
              type: 'select' as const,
              help: t('tablets.panelHelp'),
              emptyText: t('tablets.allPanels'),
              options: panels.map((p) => ({ value: p.id, text: p.name })),
            },
          ]
        : []),
      { name: 'name', label: t('tablets.name'), maxLength: 100, help: t('tablets.nameHelp') },
    ],
    toForm: () => ({ resourceId: roomId, panelId: '', name: '' }),
    toBody: (v) => {
      const name = String(v.name ?? '').trim();
      const named = name ? { name } : {};
      asked.current =
        v.resourceId === WALL
          ? { wall: true, ...(v.panelId ? { panelId: Number(v.panelId) } : {}), ...named }
          : { resourceId: Number(v.resourceId), ...named };
      return asked.current;
    },
    savedText: t('tablets.codeIssued'),
    onSaved: (answer) => {
      const a = answer as PairingCode;
      const title =
        a.purpose === 'wall' ? t('tablets.wallCodeTitle') : t('tablets.codeTitle', { room: a.resourceName });
      setShown({ answer: a, title, renew: codeFor(asked.current) });
    },
  });
  const renew = async () => {
    if (!shown) return;
    const answer = await shown.renew();
    if (answer) setShown({ ...shown, answer });
  };
  const confirm = async () => {
    if (!asking) return;
    const { kind, row } = asking;
    if (kind === 'revoke') {
      const res = await revoke(row.id);
      setAsking(null);
      if ('data' in res) toast('success', t('tablets.revokedToast', { name: row.name }));
      return;
    }
    const renewRow = repairOf(row);
    const answer = await renewRow();
    setAsking(null);
    if (answer) setShown({ answer, title: t('tablets.repairTitle', { name: row.name }), renew: renewRow });
  };
  const askReload = async (row: TabletView) => {
    const res = await reload(row.id);
    if ('data' in res) toast('success', t('tablets.reloaded', { name: row.name }));
  };
  const l = i18n.language;
  const filtered = roomId !== '' || online !== '';

  return (
    <>
      <CrudScreen<TabletView, Parameters<typeof tablets.list>[0], { name: string }>
        name="tablets"
        title={t('title.status')}
        description={t('tablets.onlineHelp')}
        perm={{ add: 'tablets.manage', update: 'tablets.manage', delete: 'tablets.manage' }}
        source={tablets}
        query={{ resourceId: roomId || undefined, online: online || undefined }}
        nameOf={(tb) => tb.name}
        noAdd
        pollEvery={() => REFRESH_MS}
        emptyText={filtered ? t('tablets.emptyFiltered') : t('tablets.empty')}
        fields={[{ name: 'name', label: t('tablets.name'), required: true, maxLength: 100 }]}
        toForm={(tb) => ({ name: tb?.name ?? '' })}
        toBody={(v) => ({ name: String(v.name).trim() })}
        formTitle={(tb) => t('tablets.renameTitle', { name: tb?.name ?? '' })}
        savedText={t('tablets.renamed')}
        formSize="tiny"
        toolbar={
          <>
            <FilterSelect
              id="tablets-f-room"
              label={t('tablets.room')}
              value={roomId}
              onChange={setRoomId}
              allText={t('tablets.allRooms')}
              options={rooms.map((r) => ({ value: r.id, text: r.name }))}
            />
            <FilterSelect
              id="tablets-f-online"
              label={t('tablets.online')}
              value={online}
              onChange={setOnline}
              allText={t('tablets.allStates')}
              options={[
                { value: 'true', text: t('tablets.isOnline') },
                { value: 'false', text: t('tablets.isOffline') },
              ]}
            />
            {manage && (
              <CrudAddButton name="tablets" label={t('tablets.pair')} onClick={() => void pairForm.open(null)} />
            )}
          </>
        }
        rowActions={
          manage
            ? (tb) => (
                <>
                  <RowButton
                    icon="redo"
                    label={`${t('tablets.reload')} ${tb.name}`}
                    disabled={tb.state === 'revoked'}
                    onClick={() => void askReload(tb)}
                    testId="row-reload"
                  />
                  <RowButton
                    icon="qrcode"
                    label={`${t('tablets.repair')} ${tb.name}`}
                    onClick={() => setAsking({ kind: 'repair', row: tb })}
                    testId="row-repair"
                  />
                  {tb.state === 'active' && (
                    <RowButton
                      icon="ban"
                      negative
                      label={`${t('tablets.revoke')} ${tb.name}`}
                      onClick={() => setAsking({ kind: 'revoke', row: tb })}
                      testId="row-revoke"
                    />
                  )}
                </>
              )
            : undefined
        }
        columns={[
          { key: 'name', header: t('tablets.name'), render: (tb) => tb.name },
          { key: 'room', header: t('tablets.room'), render: (tb) => placeOf(tb, t) },
          {
            key: 'online',
            header: t('tablets.online'),
            render: (tb) => (
              <StatusLabel tone={tb.online ? 'green' : 'grey'} data-online={String(tb.online)}>
                {tb.online ? t('tablets.isOnline') : t('tablets.isOffline')}
              </StatusLabel>
            ),
          },
          { key: 'lastSeen', header: t('tablets.lastSeen'), render: (tb) => formatTime(tb.lastSeenAt, l) },
          { key: 'appVersion', header: t('tablets.appVersion'), render: (tb) => tb.appVersion ?? '—' },
          { key: 'screen', header: t('tablets.screen'), render: (tb) => tb.screen ?? '—' },
          { key: 'language', header: t('tablets.language'), render: (tb) => t(`tablets.langName.${tb.language}`) },
          {
            key: 'state',
            header: t('tablets.state'),
            render: (tb) => (
              <>
                <StatusLabel tone={tb.state === 'active' ? 'blue' : 'red'} data-state={tb.state}>
                  {t(`tablets.${tb.state}`)}
                </StatusLabel>
                {tb.state === 'active' && tb.reloadRequestedAt !== null && (
                  <StatusLabel tone="orange">{t('tablets.reloadPending')}</StatusLabel>
                )}
              </>
            ),
          },
        ]}
      />
      <CrudForm
        form={pairForm}
        title={t('tablets.pairTitle')}
        idPrefix="tablet-pair"
        testId="tablet-pair-form"
        onClose={pairForm.close}
        size="tiny"
      />
      {shown && (
        <TabletPairingDialog
          key={shown.answer.code}
          answer={shown.answer}
          title={shown.title}
          onRenew={() => void renew()}
          renewing={pairing.isLoading || repairing.isLoading}
          onClose={() => setShown(null)}
        />
      )}
      <ConfirmDelete
        name={asking?.row.name ?? null}
        title={asking?.kind === 'repair' ? t('tablets.repair') : t('tablets.revokeTitle')}
        question={
          asking
            ? t(asking.kind === 'revoke' ? 'tablets.revokeQuestion' : 'tablets.repairQuestion', {
                name: asking.row.name,
                room: placeOf(asking.row, t),
              })
            : ''
        }
        action={asking?.kind === 'repair' ? t('tablets.repair') : t('tablets.revoke')}
        busy={revoking.isLoading || repairing.isLoading}
        onCancel={() => setAsking(null)}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
