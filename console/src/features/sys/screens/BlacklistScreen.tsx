/** /sys/blacklist: who is blocked from booking and until when; a block released by hand after asking. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Modal } from 'semantic-ui-react';
import { useCan, useToast } from '../../../app/hooks.ts';
import { CrudScreen, RowButton } from '../../../components/crud/index.ts';
import { formatTime } from '../../../components/format.ts';
import { blocklist, useReleaseMutation, type BlocklistEntry } from '../api.ts';
import '../i18n.ts';

export default function BlacklistScreen() {
  const { t, i18n } = useTranslation('sys');
  const can = useCan();
  const toast = useToast();
  const [all, setAll] = useState(false);
  const [releasing, setReleasing] = useState<BlocklistEntry | null>(null);
  const [release, saving] = useReleaseMutation();
  const mayRelease = can('sys:blacklist:update');
  const confirm = async () => {
    if (!releasing) return;
    const res = await release(releasing.id);
    if ('error' in res) toast('error', (res.error as { msg?: string }).msg ?? '');
    else toast('success', t('blacklist.released'));
    setReleasing(null);
  };
  const l = i18n.language;
  return (
    <>
      <CrudScreen
        name="blacklist"
        title={t('title.blacklist')}
        perm="sys:blacklist"
        source={blocklist}
        query={{ status: all ? 'all' : 'active' }}
        nameOf={(r) => r.username}
        toolbar={
          <Checkbox
            toggle
            id="blacklist-show-all"
            label={t('blacklist.showAll')}
            checked={all}
            onChange={(_, d) => setAll(Boolean(d.checked))}
          />
        }
        columns={[
          {
            key: 'user',
            header: t('log.user'),
            render: (r) => (r.realName ? `${r.realName} (${r.username})` : r.username),
          },
          { key: 'count', header: t('blacklist.violations'), render: (r) => r.violationCount },
          { key: 'disabledAt', header: t('blacklist.disabledAt'), render: (r) => formatTime(r.blockedAt, l) },
          { key: 'releaseAt', header: t('blacklist.releaseAt'), render: (r) => formatTime(r.releaseAt, l) },
          { key: 'releasedAt', header: t('blacklist.releasedAt'), render: (r) => formatTime(r.releasedAt, l) },
        ]}
        rowActions={(r) =>
          mayRelease && !r.releasedAt ? (
            <RowButton
              icon="unlock"
              label={`${t('blacklist.release')} ${r.username}`}
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
          <p>{t('blacklist.releaseQuestion', { name: releasing?.username ?? '' })}</p>
        </Modal.Content>
        <Modal.Actions>
          <Button type="button" onClick={() => setReleasing(null)} autoFocus>
            {t('cancel')}
          </Button>
          <Button type="button" primary loading={saving.isLoading} onClick={() => void confirm()}>
            {t('blacklist.release')}
          </Button>
        </Modal.Actions>
      </Modal>
    </>
  );
}
