/**
 * /sys/dic: the data dictionary as a tree view (components/tree). Items open
 * with the mouse or the arrow keys and load their children a page at a time;
 * Enter edits, Delete asks before deleting; a search shows the matching items
 * with their ancestors, opened.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon, Loader, Message, Segment } from 'semantic-ui-react';
import { useCan, useToast } from '../../../app/hooks.ts';
import { ConfirmDelete } from '../../../components/crud/index.ts';
import { ScreenFrame } from '../../../components/ScreenFrame.tsx';
import { TreeView, useTreeFocus } from '../../../components/tree/index.ts';
import {
  useDeleteDictMutation,
  useDictListQuery,
  useDictSearchQuery,
  type DictListItem,
  type DictSearchResult,
} from '../api.ts';
import { DictContext, DICT_PAGE, type DictTree } from '../components/dictionary/context.ts';
import { DictForm, useDictForm } from '../components/dictionary/DictForm.tsx';
import { DictLevel, DictNode } from '../components/dictionary/DictNode.tsx';
import { DictToolbar } from '../components/dictionary/DictToolbar.tsx';
import '../components/dictionary/dictionary.css';
import '../i18n.ts';

type Keys = ReadonlySet<string>;

/** Every branch of a search that leads to a match, opened. */
function openedBy(found: DictSearchResult | undefined): Keys {
  const keys = new Set<string>();
  const walk = (bs: DictSearchResult['items']) =>
    bs.forEach((b) => {
      if (b.children.length) {
        keys.add(String(b.id));
        walk(b.children);
      }
    });
  walk(found?.items ?? []);
  return keys;
}

export default function DicScreen() {
  const { t } = useTranslation('sys');
  const title = t('title.dic');
  const can = useCan();
  const toast = useToast();
  const focus = useTreeFocus();

  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const top = useDictListQuery({ parentId: 0, page: 1, pageSize: DICT_PAGE }, { skip: Boolean(q) });
  const search = useDictSearchQuery({ q }, { skip: !q });
  const found = q ? search.data : undefined;

  const [browseOpen, setBrowseOpen] = useState<Keys>(new Set());
  const [searchOpen, setSearchOpen] = useState<Keys>(new Set());
  useEffect(() => setSearchOpen(openedBy(found)), [found]);
  const expanded = q ? searchOpen : browseOpen;
  const setExpanded = q ? setSearchOpen : setBrowseOpen;

  const items = useRef(new Map<string, DictListItem>());
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  useEffect(() => setSelectedKey(null), [q]);
  const selected = selectedKey ? (items.current.get(selectedKey) ?? null) : null;

  // Where the focus goes back to when the form or the confirmation closes.
  const restore = useRef<string | null>(null);
  const [doomed, setDoomed] = useState<DictListItem | null>(null);
  const [remove, removing] = useDeleteDictMutation();
  const [parentOf, setParentOf] = useState<DictListItem | null>(null);
  const topItems: DictListItem[] = q ? (found?.items ?? []) : (top.data?.items ?? []);
  const form = useDictForm({
    parentChoices: (values, editing) => {
      const options = new Map<number, string>();
      for (const it of top.data?.items ?? []) if (it.id !== editing?.id) options.set(it.id, it.name);
      const current = Number(values.parentId);
      if (values.parentId != null && values.parentId !== '' && !options.has(current))
        options.set(current, items.current.get(String(current))?.name ?? `#${current}`);
      return [...options].map(([value, label]) => ({ value, text: label }));
    },
    onSaved: (saved, parentId) => {
      // Show the saved item where it now is: its parent opened, the focus on it.
      if (parentId) setExpanded((old) => new Set(old).add(String(parentId)));
      focus.focusKey(String(saved.id));
    },
  });

  const dict: DictTree = {
    q,
    canAdd: can('sys:dic:add'),
    canEdit: can('sys:dic:update'),
    canDelete: can('sys:dic:delete'),
    focus,
    remember: (item) => items.current.set(String(item.id), item),
    addChild: (parent) => {
      restore.current = String(parent.id);
      setParentOf(parent);
      void form.open(null, { name: '', code: '', description: '', sort: parent.childCount + 1, parentId: parent.id });
    },
    edit: (item) => {
      restore.current = String(item.id);
      setParentOf(null);
      void form.open(item);
    },
    remove: (item) => {
      if (item.protected) return toast('info', t('dic.protectedNoDelete'));
      if (item.childCount > 0) return toast('info', t('dic.hasChildrenNoDelete'));
      setDoomed(item);
    },
  };
  const addTop = () => {
    restore.current = null;
    setParentOf(null);
    void form.open(null, { name: '', code: '', description: '', sort: (top.data?.total ?? 0) + 1, parentId: null });
  };
  const closeForm = () => {
    form.close();
    if (restore.current) focus.focusKey(restore.current);
  };
  const confirmDelete = async () => {
    if (!doomed) return;
    const next = focus.neighbour(String(doomed.id));
    const res = await remove(doomed.id);
    setDoomed(null);
    if ('error' in res) return;
    toast('success', t('deleted'));
    if (next) focus.focusKey(next);
  };
  const isOpen = useMemo(() => (id: number) => expanded.has(String(id)), [expanded]);

  const loading = q ? search.isFetching && !search.data : top.isLoading;
  const empty = !loading && topItems.length === 0;
  const formTitle = form.editing
    ? `${t('edit')}: ${form.editing.name}`
    : parentOf
      ? `${t('dic.addChild')}: ${parentOf.name}`
      : `${t('add')}: ${title}`;
  return (
    <ScreenFrame title={title} id="dict" className="dict-screen">
      <DictContext.Provider value={dict}>
        <DictToolbar
          title={title}
          text={text}
          onText={setText}
          selected={selected}
          onAddTop={addTop}
          onCollapse={!q && browseOpen.size > 0 ? () => setBrowseOpen(new Set()) : undefined}
        />
        <p className="dict-help" id="dict-help">
          {t('dic.keyboardHelp')}
        </p>
        <p role="status" className="dict-status" data-testid="dict-status">
          {q && found
            ? found.total > found.shown
              ? t('dic.truncated', { shown: found.shown, total: found.total })
              : t('dic.matches', { count: found.total })
            : ''}
        </p>
        <Segment className="dict-panel">
          {loading && <Loader active inline="centered" />}
          {empty && (
            <div className="dict-empty" data-testid="dict-empty">
              <p>
                <Icon name="inbox" aria-hidden="true" /> {q ? t('dic.noMatch', { q }) : t('dic.empty')}
              </p>
              {q ? (
                <Button type="button" basic onClick={() => setText('')}>
                  {t('dic.clearSearch')}
                </Button>
              ) : (
                dict.canAdd && (
                  <Button type="button" primary onClick={addTop}>
                    {t('dic.addTop')}
                  </Button>
                )
              )}
            </div>
          )}
          {(top.error || search.error) && (
            <Message warning content={((top.error ?? search.error) as { msg?: string }).msg ?? t('loadFailed')} />
          )}
          {!empty && !loading && (
            <TreeView
              id="dict-tree"
              label={title}
              describedBy="dict-help"
              busy={q ? search.isFetching : top.isFetching}
              testId="dict-tree"
              focus={focus}
              expanded={expanded}
              onToggle={(key, open) =>
                setExpanded((old) => {
                  const next = new Set(old);
                  if (open) next.add(key);
                  else next.delete(key);
                  return next;
                })
              }
              onExpandMany={(keys) => setExpanded((old) => new Set([...old, ...keys]))}
              selected={selectedKey}
              onSelect={setSelectedKey}
              firstKey={topItems[0] ? String(topItems[0].id) : null}
              onActivate={(key) => {
                const item = items.current.get(key);
                if (item && dict.canEdit) dict.edit(item);
                else if (item && item.childCount > 0)
                  setExpanded((old) => {
                    const next = new Set(old);
                    if (next.has(key)) next.delete(key);
                    else next.add(key);
                    return next;
                  });
              }}
              onDelete={(key) => {
                const item = items.current.get(key);
                if (item && dict.canDelete) dict.remove(item);
              }}
            >
              {q ? (
                (found?.items ?? []).map((b, i, all) => (
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
        <DictForm form={form} title={formTitle} onClose={closeForm} />
        <ConfirmDelete
          name={doomed ? doomed.name : null}
          busy={removing.isLoading}
          onConfirm={() => void confirmDelete()}
          onCancel={() => {
            const key = doomed ? String(doomed.id) : null;
            setDoomed(null);
            if (key) focus.focusKey(key);
          }}
        />
      </DictContext.Provider>
    </ScreenFrame>
  );
}
