/** The dictionary's panel: loading, an empty level or search, the load error, or the tree itself. */
import { useTranslation } from 'react-i18next';
import { Button, Icon, Loader, Message, Segment } from 'semantic-ui-react';
import { TreeView, type TreeFocusHandle } from '../../../../components/tree/index.ts';
import { useDict } from './context.ts';
import { DictLevel, DictNode } from './DictNode.tsx';
import type { useDictBrowse } from './useDictBrowse.ts';

export function DictPanel({
  title,
  browse,
  focus,
  selected,
  onSelect,
  onActivate,
  onDelete,
  onAddTop,
}: {
  title: string;
  browse: ReturnType<typeof useDictBrowse>;
  focus: TreeFocusHandle;
  selected: string | null;
  onSelect: (key: string) => void;
  onActivate: (key: string) => void;
  onDelete: (key: string) => void;
  onAddTop: () => void;
}) {
  const { t } = useTranslation('sys');
  const dict = useDict();
  const { q, items, loading, expanded } = browse;
  const empty = !loading && items.length === 0;
  const isOpen = (id: number) => expanded.has(String(id));
  return (
    <Segment className="dict-panel">
      {loading && <Loader active inline="centered" />}
      {empty && (
        <div className="dict-empty" data-testid="dict-empty">
          <p>
            <Icon name="inbox" aria-hidden="true" /> {q ? t('dic.noMatch', { q }) : t('dic.empty')}
          </p>
          {q ? (
            <Button type="button" basic onClick={() => browse.setText('')}>
              {t('dic.clearSearch')}
            </Button>
          ) : (
            dict.canAdd && (
              <Button type="button" primary onClick={onAddTop}>
                {t('dic.addTop')}
              </Button>
            )
          )}
        </div>
      )}
      {browse.error && <Message warning content={browse.error.msg || t('loadFailed')} />}
      {!empty && !loading && (
        <TreeView
          id="dict-tree"
          label={title}
          describedBy="dict-help"
          busy={browse.fetching}
          testId="dict-tree"
          focus={focus}
          expanded={expanded}
          onToggle={browse.toggle}
          onExpandMany={browse.openMany}
          selected={selected}
          onSelect={onSelect}
          firstKey={items[0] ? String(items[0].id) : null}
          onActivate={onActivate}
          onDelete={onDelete}
        >
          {q ? (
            (browse.found?.items ?? []).map((b, i, all) => (
              <DictNode
                key={b.id}
                item={b}
                level={1}
                posinset={i + 1}
                setsize={all.length}
                branches={b.children}
                open={isOpen}
              />
            ))
          ) : (
            <DictLevel parentId={0} level={1} open={isOpen} />
          )}
        </TreeView>
      )}
    </Segment>
  );
}
