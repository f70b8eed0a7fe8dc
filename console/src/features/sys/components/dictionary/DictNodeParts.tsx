/**
 * The parts of a dictionary item's row in the tree (DictNode): what is shown after its name, and its buttons. Kept
 * apart from DictNode, which renders its children's levels and so must stay one file with them.
 */
import { useTranslation } from 'react-i18next';
import { Icon } from 'semantic-ui-react';
import { RowButton } from '../../../../components/crud/index.ts';
import { Highlight } from '../../../../components/Highlight.tsx';
import type { DictListItem } from '../../api.ts';
import { useDict } from './context.ts';

type Item = Pick<DictListItem, 'name' | 'code' | 'protected' | 'childCount' | 'description'>;

/** The code, the protected mark, the number of children and the description, with the search's text marked. */
export function DictNodeDetail({ item }: { item: Item }) {
  const { t } = useTranslation('sys');
  const { q } = useDict();
  return (
    <>
      {item.code && (
        <code className="dict-code">
          <Highlight text={item.code} q={q} />
        </code>
      )}{' '}
      {item.protected && (
        <span className="dict-protected">
          <Icon name="lock" aria-hidden="true" />
          {t('dic.protected')}
        </span>
      )}{' '}
      {item.childCount > 0 && <span className="dict-count">{t('dic.childCount', { count: item.childCount })}</span>}{' '}
      {item.description && (
        <span className="dict-description">
          <Highlight text={item.description} q={q} />
        </span>
      )}
    </>
  );
}

/** Add a child, edit, delete (refused, with the reason as its label, for a protected item or one with children). */
export function DictNodeActions({ item }: { item: DictListItem }) {
  const { t } = useTranslation('sys');
  const dict = useDict();
  const deleteBlocked = item.protected
    ? t('dic.protectedNoDelete')
    : item.childCount > 0
      ? t('dic.hasChildrenNoDelete')
      : null;
  return (
    <>
      {dict.canAdd && (
        <RowButton
          focusable={false}
          icon="plus"
          label={`${t('dic.addChild')}: ${item.name}`}
          onClick={() => dict.addChild(item)}
          testId="node-add"
        />
      )}
      {dict.canEdit && (
        <RowButton
          focusable={false}
          icon="edit"
          label={`${t('edit')}: ${item.name}`}
          onClick={() => dict.edit(item)}
          testId="node-edit"
        />
      )}
      {dict.canDelete && (
        <RowButton
          focusable={false}
          icon="trash"
          negative
          label={deleteBlocked ?? `${t('delete')}: ${item.name}`}
          disabled={Boolean(deleteBlocked)}
          onClick={() => dict.remove(item)}
          testId="node-delete"
        />
      )}
    </>
  );
}
