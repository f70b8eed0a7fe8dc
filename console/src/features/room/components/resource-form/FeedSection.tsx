/**
 * The resource's read-only calendar feed (docs/product-rules.md R11.10): a link any calendar client subscribes to,
 * made (or made anew, the old one stopping) and stopped here. The link holds its own credential, so it is shown
 * once, when made; Atrium keeps only its hash.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Header, Icon, Input } from 'semantic-ui-react';
import { useCan, useToast } from '../../../../app/hooks.ts';
import { ConfirmDelete } from '../../../../components/crud/index.ts';
import { useRevokeResourceFeedMutation, useRotateResourceFeedMutation } from '../../api.ts';
import type { SectionProps } from './section.ts';

export function FeedSection({ draft }: SectionProps) {
  const { t } = useTranslation('room');
  const toast = useToast();
  const may = useCan()(draft.type === 1 ? 'resources.updateDesks' : 'resources.updateRooms');
  const [rotate, rotating] = useRotateResourceFeedMutation();
  const [revoke, revoking] = useRevokeResourceFeedMutation();
  const [asking, setAsking] = useState<'rotate' | 'revoke' | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  if (!draft.id || !may) return null;
  const id = draft.id;
  const confirm = async () => {
    if (asking === 'rotate') {
      const res = await rotate(id);
      if ('data' in res && res.data) {
        setUrl(res.data.url);
        toast('success', t('feed.made'));
      }
    } else {
      const res = await revoke(id);
      if ('data' in res) {
        setUrl(null);
        toast('success', t('feed.stopped'));
      }
    }
    setAsking(null);
  };
  const copy = async () => {
    if (!url) return;
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    toast('success', t('feed.copied'));
  };
  return (
    <>
      <Header as="h3">{t('feed.title')}</Header>
      <p className="muted">
        <Icon name="calendar alternate outline" aria-hidden="true" /> {t('feed.hint')}
      </p>
      {url && (
        <Input
          fluid
          readOnly
          value={url}
          aria-label={t('feed.link')}
          data-testid="feed-url"
          action={{ type: 'button', icon: 'copy', 'aria-label': t('feed.copy'), onClick: () => void copy() }}
        />
      )}
      <Button type="button" size="small" onClick={() => setAsking('rotate')} data-testid="feed-rotate">
        <Icon name="linkify" aria-hidden="true" />
        {t('feed.make')}
      </Button>
      <Button type="button" size="small" basic onClick={() => setAsking('revoke')} data-testid="feed-revoke">
        <Icon name="unlinkify" aria-hidden="true" />
        {t('feed.stop')}
      </Button>
      <ConfirmDelete
        name={asking ? draft.name : null}
        title={asking === 'revoke' ? t('feed.stop') : t('feed.make')}
        question={t(asking === 'revoke' ? 'feed.stopQuestion' : 'feed.makeQuestion', { name: draft.name })}
        action={asking === 'revoke' ? t('feed.stop') : t('feed.make')}
        busy={rotating.isLoading || revoking.isLoading}
        onCancel={() => setAsking(null)}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
