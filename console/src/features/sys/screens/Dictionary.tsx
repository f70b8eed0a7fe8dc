/**
 * The data dictionary (/sys/dic) as a tree, after the WAI-ARIA tree pattern:
 * items expand with the mouse or the arrow keys (Up/Down move, Right opens or
 * goes to the first child, Left closes or goes to the parent, Home/End, typing
 * a letter jumps to the next item starting with it), Enter edits, Delete asks
 * before deleting. Children load when their item opens, a page at a time; a
 * search shows the matching items with their ancestors, opened.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Header, Icon, Input, Loader, Message, Segment } from 'semantic-ui-react';
import { ConfirmDelete, FormModal, fieldErrorsOf, type FieldErrors } from '../../../components/crud/index.ts';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { useSysDeleteMutation, useSysGetQuery, useSysListQuery, useSysSaveMutation } from '../api.ts';
import { checkFields, Fields, type FieldDef, type Values } from '../components/Fields.tsx';
import { errorMessage, useCan, useToast } from '../components/common.tsx';
import '../components/dict-tree.css';

interface Item {
  id: number;
  parentId: number | null;
  code: string | null;
  name: string;
  description: string | null;
  sort: number;
  protected: boolean;
  childCount: number;
}
interface Branch extends Item {
  match: boolean;
  children: Branch[];
}
interface SearchAnswer {
  items: Branch[];
  total: number;
  shown: number;
}

const PATH = '/sys/dict';
/** Children loaded per page when an item opens. */
export const DICT_PAGE = 50;

const orNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : (v ?? null));
const levelQuery = (parentId: number, page: number) => ({
  path: PATH,
  params: { parentId, page, pageSize: DICT_PAGE },
});
const indent = (level: number) => ({ paddingLeft: `${0.5 + (level - 1) * 1.75}em` });
const levelOf = (el: Element | null | undefined) => Number(el?.getAttribute('aria-level') ?? 0);

/** The items shown below `item` (its open descendants): those after it with a deeper level. */
function descendantsOf(item: HTMLElement): HTMLElement[] {
  const out: HTMLElement[] = [];
  const level = levelOf(item);
  for (
    let el = item.nextElementSibling as HTMLElement | null;
    el && levelOf(el) > level;
    el = el.nextElementSibling as HTMLElement | null
  )
    out.push(el);
  return out;
}

interface TreeContext {
  q: string;
  expanded: ReadonlySet<number>;
  /** The item the toolbar acts on and the tree's one tab stop. */
  selectedKey: string | null;
  tabStop: string | null;
  canAdd: boolean;
  canEdit: boolean;
  canDelete: boolean;
  toggle: (item: Item, el: HTMLElement | null) => void;
  select: (item: Item) => void;
  /** Moves keyboard focus to the item of `key` once it is shown. */
  focusKey: (key: string) => void;
  /** A node was shown (or its item changed): remembered by key, and focused if that was asked for. */
  shown: (key: string, item: Item | null, el: HTMLElement | null) => void;
  /** A page of children arrived: its first item takes the focus if the page was asked for. */
  pageShown: (pageKey: string, firstKey: string) => void;
  addChild: (parent: Item) => void;
  edit: (item: Item) => void;
  remove: (item: Item) => void;
}

const Ctx = createContext<TreeContext | null>(null);
const useTree = () => useContext(Ctx)!;

/** `text` with the parts matching `q` marked. */
function Highlight({ text, q }: { text: string; q: string }) {
  if (!q) return <>{text}</>;
  const parts: ReactNode[] = [];
  const lower = text.toLowerCase();
  const needle = q.toLowerCase();
  let at = 0;
  for (let i = lower.indexOf(needle); i >= 0 && needle; i = lower.indexOf(needle, at)) {
    if (i > at) parts.push(text.slice(at, i));
    parts.push(<mark key={i}>{text.slice(i, i + needle.length)}</mark>);
    at = i + needle.length;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}

function NodeButton({
  icon,
  label,
  onClick,
  disabled,
  negative,
  testId,
}: {
  icon: string;
  label: string;
  onClick: () => void;
  disabled?: boolean;
  negative?: boolean;
  testId: string;
}) {
  // Out of the tab order: the keyboard works on the focused item (Enter, Delete) and through the toolbar.
  return (
    <Button
      type="button"
      size="mini"
      basic
      icon={icon}
      negative={negative}
      aria-label={label}
      title={label}
      tabIndex={-1}
      disabled={disabled}
      data-testid={testId}
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
    />
  );
}

function Node({
  item,
  level,
  posinset,
  setsize,
  branches,
}: {
  item: Item;
  level: number;
  posinset: number;
  setsize: number;
  branches?: Branch[];
}) {
  const { t } = useTranslation('sys');
  const tree = useTree();
  const ref = useRef<HTMLLIElement>(null);
  const key = String(item.id);
  const expandable = item.childCount > 0;
  const open = expandable && tree.expanded.has(item.id);
  const selected = tree.selectedKey === key;
  const match = (item as Partial<Branch>).match;
  useEffect(() => tree.shown(key, item, ref.current), [item]);
  const loading = useSysListQuery(levelQuery(item.id, 1), { skip: !open || (branches?.length ?? 0) > 0 });
  const deleteBlocked = item.protected
    ? t('dic.protectedNoDelete')
    : item.childCount > 0
      ? t('dic.hasChildrenNoDelete')
      : null;
  // A flat list of items with their levels: an item holds only its own row, so its name is its own text.
  return (
    <>
      <li
        ref={ref}
        role="treeitem"
        id={`dict-node-${key}`}
        data-key={key}
        data-id={key}
        data-parent={item.parentId ?? 0}
        aria-level={level}
        aria-posinset={posinset}
        aria-setsize={setsize}
        aria-expanded={expandable ? open : undefined}
        aria-selected={selected}
        aria-labelledby={`dict-label-${key} dict-detail-${key}`}
        tabIndex={tree.tabStop === key ? 0 : -1}
        className={match ? 'dict-match' : undefined}
        onFocus={(e) => {
          if (e.target === e.currentTarget) tree.select(item);
        }}
      >
        <div
          className="dict-row"
          style={indent(level)}
          onClick={() => ref.current?.focus()}
          onDoubleClick={() => tree.canEdit && tree.edit(item)}
        >
          <span
            className="dict-toggle"
            aria-hidden="true"
            data-testid="dict-toggle"
            onClick={(e) => {
              e.stopPropagation();
              if (expandable) tree.toggle(item, ref.current);
              ref.current?.focus();
            }}
          >
            {expandable ? <Icon name={open ? 'caret down' : 'caret right'} fitted /> : null}
            {open && loading.isFetching && !loading.data ? <Loader active inline size="mini" /> : null}
          </span>
          <span className="dict-name" id={`dict-label-${key}`}>
            <Highlight text={item.name} q={tree.q} />
          </span>{' '}
          <span id={`dict-detail-${key}`} className="dict-detail">
            {item.code && (
              <code className="dict-code">
                <Highlight text={item.code} q={tree.q} />
              </code>
            )}{' '}
            {item.protected && (
              <span className="dict-protected">
                <Icon name="lock" aria-hidden="true" />
                {t('dic.protected')}
              </span>
            )}{' '}
            {expandable && <span className="dict-count">{t('dic.childCount', { count: item.childCount })}</span>}{' '}
            {item.description && (
              <span className="dict-description">
                <Highlight text={item.description} q={tree.q} />
              </span>
            )}
          </span>
          <span className="dict-actions">
            {tree.canAdd && (
              <NodeButton
                icon="plus"
                label={`${t('dic.addChild')}: ${item.name}`}
                onClick={() => tree.addChild(item)}
                testId="node-add"
              />
            )}
            {tree.canEdit && (
              <NodeButton
                icon="edit"
                label={`${t('edit')}: ${item.name}`}
                onClick={() => tree.edit(item)}
                testId="node-edit"
              />
            )}
            {tree.canDelete && (
              <NodeButton
                icon="trash"
                negative
                label={deleteBlocked ?? `${t('delete')}: ${item.name}`}
                disabled={Boolean(deleteBlocked)}
                onClick={() => tree.remove(item)}
                testId="node-delete"
              />
            )}
          </span>
        </div>
      </li>
      {open &&
        (branches && branches.length > 0 ? (
          branches.map((b, i) => (
            <Node
              key={b.id}
              item={b}
              level={level + 1}
              posinset={i + 1}
              setsize={branches.length}
              branches={b.children}
            />
          ))
        ) : (
          <Level parentId={item.id} level={level + 1} />
        ))}
    </>
  );
}

/** The children of `parentId`, a page at a time, with a "show more" item while there are more. */
function Level({ parentId, level }: { parentId: number; level: number }) {
  const [pages, setPages] = useState(1);
  return (
    <>
      {Array.from({ length: pages }, (_, i) => (
        <LevelPage
          key={i}
          parentId={parentId}
          level={level}
          page={i + 1}
          last={i + 1 === pages}
          onMore={() => setPages((n) => n + 1)}
        />
      ))}
    </>
  );
}

function LevelPage({
  parentId,
  level,
  page,
  last,
  onMore,
}: {
  parentId: number;
  level: number;
  page: number;
  last: boolean;
  onMore: () => void;
}) {
  const { t } = useTranslation('sys');
  const tree = useTree();
  const { data } = useSysListQuery(levelQuery(parentId, page));
  const items = (data?.items ?? []) as unknown as Item[];
  const total = data?.total ?? 0;
  const moreKey = `more-${parentId}`;
  const moreRef = useRef<HTMLLIElement>(null);
  useEffect(() => {
    // After "show more": the first item of the new page takes the focus.
    if (items[0]) tree.pageShown(`page-${parentId}-${page}`, String(items[0].id));
  }, [data]);
  useEffect(() => tree.shown(moreKey, null, moreRef.current));
  return (
    <>
      {items.map((it, i) => (
        <Node key={it.id} item={it} level={level} posinset={(page - 1) * DICT_PAGE + i + 1} setsize={total} />
      ))}
      {last && total > page * DICT_PAGE && (
        <li
          ref={moreRef}
          role="treeitem"
          className="dict-more"
          data-key={moreKey}
          data-more="true"
          data-parent={parentId}
          aria-level={level}
          aria-selected={tree.selectedKey === moreKey}
          tabIndex={tree.tabStop === moreKey ? 0 : -1}
          data-testid="dict-more"
          onClick={() => {
            tree.focusKey(`page-${parentId}-${page + 1}`);
            onMore();
          }}
        >
          <div className="dict-row" style={indent(level)}>
            <span className="dict-toggle" aria-hidden="true">
              <Icon name="ellipsis horizontal" fitted />
            </span>
            {t('dic.more', { shown: page * DICT_PAGE, total })}
          </div>
        </li>
      )}
    </>
  );
}

export function DicScreen() {
  const { t } = useTranslation('sys');
  const title = t('title.dic');
  usePageTitle(title);
  const can = useCan();
  const toast = useToast();
  const canAdd = can('sys:dic:add');
  const canEdit = can('sys:dic:update');
  const canDelete = can('sys:dic:delete');

  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const top = useSysListQuery(levelQuery(0, 1), { skip: Boolean(q) });
  const search = useSysGetQuery({ path: `${PATH}/search`, params: { q } }, { skip: !q });
  const found = (q ? search.data : undefined) as SearchAnswer | undefined;

  const [browseOpen, setBrowseOpen] = useState<ReadonlySet<number>>(new Set());
  const [searchOpen, setSearchOpen] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => {
    // A search opens every branch that leads to a match.
    const ids = new Set<number>();
    const walk = (bs: Branch[]) =>
      bs.forEach((b) => {
        if (b.children.length) {
          ids.add(b.id);
          walk(b.children);
        }
      });
    walk(found?.items ?? []);
    setSearchOpen(ids);
  }, [found]);
  const expanded = q ? searchOpen : browseOpen;
  const setExpanded = q ? setSearchOpen : setBrowseOpen;

  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [selected, setSelected] = useState<Item | null>(null);
  const selectedRef = useRef<string | null>(null);
  selectedRef.current = selectedKey;
  useEffect(() => {
    setSelectedKey(null);
    setSelected(null);
  }, [q]);
  const items = useRef(new Map<number, Item>());
  const elements = useRef(new Map<string, HTMLElement>());
  /** The key to focus once its item is shown (after a save, a "show more", a delete). */
  const wanted = useRef<string | null>(null);
  const treeRef = useRef<HTMLUListElement>(null);

  const topItems = q ? (found?.items ?? []) : ((top.data?.items ?? []) as unknown as Item[]);
  const firstKey = topItems[0] ? String(topItems[0].id) : null;
  const tabStop = selectedKey && elements.current.get(selectedKey)?.isConnected ? selectedKey : firstKey;

  const focusKey = useCallback((key: string) => {
    const el = elements.current.get(key);
    if (el?.isConnected) {
      wanted.current = null;
      el.focus();
    } else wanted.current = key;
  }, []);
  // Set below; the tree calls them through this ref so that the context need not change with them.
  const actions = useRef({
    openForm: (_item: Item | null, _parent: Item | null) => {},
    askDelete: (_item: Item) => {},
  });

  const ctx: TreeContext = useMemo(
    () => ({
      q,
      expanded,
      selectedKey,
      tabStop,
      canAdd,
      canEdit,
      canDelete,
      toggle: (item, el) => {
        const opening = !expanded.has(item.id);
        // Closing an item whose descendant holds the focus: the focus goes to the item.
        if (!opening && el && descendantsOf(el).some((d) => d === document.activeElement)) el.focus();
        setExpanded((old) => {
          const next = new Set(old);
          if (opening) next.add(item.id);
          else next.delete(item.id);
          return next;
        });
      },
      select: (item) => {
        setSelectedKey(String(item.id));
        setSelected(item);
      },
      focusKey,
      shown: (key, item, el) => {
        if (item) {
          items.current.set(item.id, item);
          if (selectedRef.current === key) setSelected(item);
        }
        if (el) elements.current.set(key, el);
        if (el && wanted.current === key) focusKey(key);
      },
      pageShown: (pageKey, firstKey) => {
        if (wanted.current === pageKey) focusKey(firstKey);
      },
      addChild: (parent) => actions.current.openForm(null, parent),
      edit: (item) => actions.current.openForm(item, null),
      remove: (item) => actions.current.askDelete(item),
    }),
    [q, expanded, selectedKey, tabStop, canAdd, canEdit, canDelete],
  );

  // The form (create and edit) and the delete confirmation.
  const [save, saving] = useSysSaveMutation();
  const [del, deleting] = useSysDeleteMutation();
  const [editing, setEditing] = useState<{ item: Item | null; parent: Item | null } | undefined>(undefined);
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [doomed, setDoomed] = useState<Item | null>(null);
  const restoreFocus = useRef<string | null>(null);
  const tr = (k: string, o?: Record<string, unknown>) => String(t(k, o ?? {}));

  function openForm(item: Item | null, parent: Item | null) {
    const siblings = parent ? parent.childCount : (top.data?.total ?? 0);
    setValues(
      item ? { ...item } : { name: '', code: '', description: '', sort: siblings + 1, parentId: parent?.id ?? null },
    );
    setErrors({});
    restoreFocus.current = item ? String(item.id) : parent ? String(parent.id) : null;
    setEditing({ item, parent });
  }
  function askDelete(item: Item) {
    if (item.protected) return toast('info', t('dic.protectedNoDelete'));
    if (item.childCount > 0) return toast('info', t('dic.hasChildrenNoDelete'));
    setDoomed(item);
  }
  actions.current = { openForm, askDelete };
  const closeForm = () => {
    setEditing(undefined);
    if (restoreFocus.current) focusKey(restoreFocus.current);
  };

  // Parent choices: the top level, the current parent and the parent chosen from the tree.
  const parentOptions = (() => {
    const self = editing?.item?.id;
    const options = new Map<number, string>();
    for (const it of (top.data?.items ?? []) as unknown as Item[]) if (it.id !== self) options.set(it.id, it.name);
    const current = Number(values.parentId);
    if (values.parentId != null && values.parentId !== '' && !options.has(current))
      options.set(current, items.current.get(current)?.name ?? `#${current}`);
    return [...options].map(([value, text]) => ({ value, text }));
  })();
  const fields: FieldDef[] = [
    { name: 'name', label: t('dic.name'), required: true, maxLength: 100 },
    { name: 'code', label: t('dic.code'), maxLength: 100, help: t('dic.codeHelp') },
    { name: 'description', label: t('dic.description'), type: 'textarea', maxLength: 300 },
    {
      name: 'sort',
      label: t('dic.sort'),
      type: 'number',
      required: true,
      min: 1,
      validate: (v) => (Number.isInteger(Number(v)) && Number(v) > 0 ? null : t('dic.sortPositive')),
    },
    { name: 'parentId', label: t('dic.parent'), type: 'select', options: parentOptions, help: t('dic.parentHelp') },
  ];
  const submit = async () => {
    if (!editing) return;
    const errs = checkFields(fields, values, tr, editing.item === null);
    setErrors(errs);
    if (Object.keys(errs).length) return;
    const parentId =
      values.parentId === '' || values.parentId === undefined || values.parentId === null
        ? null
        : Number(values.parentId);
    const body = {
      name: values.name,
      code: orNull(values.code),
      description: orNull(values.description),
      sort: Number(values.sort),
      parentId,
    };
    const res = await save({ path: PATH, id: editing.item?.id ?? null, body });
    if ('error' in res) {
      const fe = fieldErrorsOf(res.error);
      setErrors(Object.keys(fe).length ? fe : { _: errorMessage(res.error) });
      return;
    }
    toast('success', t('saved'));
    const saved = res.data as Item;
    // Show the saved item where it now is: its parent opened, the focus on it.
    if (parentId) setExpanded((old) => new Set(old).add(parentId));
    setEditing(undefined);
    focusKey(String(saved.id));
  };
  const confirmDelete = async () => {
    if (!doomed) return;
    const el = elements.current.get(String(doomed.id));
    const all = Array.from(treeRef.current?.querySelectorAll<HTMLElement>('[role="treeitem"]') ?? []);
    const at = el ? all.indexOf(el) : -1;
    const next = all[at - 1] ?? all[at + 1];
    const res = await del({ path: PATH, id: doomed.id });
    setDoomed(null);
    if ('error' in res) return;
    toast('success', t('deleted'));
    if (next?.dataset.key) focusKey(next.dataset.key);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const current = e.target as HTMLElement;
    if (current.getAttribute('role') !== 'treeitem' || e.altKey || e.ctrlKey || e.metaKey) return;
    const all = Array.from(treeRef.current?.querySelectorAll<HTMLElement>('[role="treeitem"]') ?? []);
    const i = all.indexOf(current);
    const key = current.dataset.key ?? '';
    const item = current.dataset.more ? null : (items.current.get(Number(key)) ?? null);
    const go = (el: HTMLElement | null | undefined) => el?.focus();
    let handled = true;
    switch (e.key) {
      case 'ArrowDown':
        go(all[i + 1]);
        break;
      case 'ArrowUp':
        go(all[i - 1]);
        break;
      case 'Home':
        go(all[0]);
        break;
      case 'End':
        go(all[all.length - 1]);
        break;
      case 'ArrowRight':
        if (current.getAttribute('aria-expanded') === 'false' && item) ctx.toggle(item, current);
        else if (current.getAttribute('aria-expanded') === 'true') go(descendantsOf(current)[0]);
        break;
      case 'ArrowLeft':
        if (current.getAttribute('aria-expanded') === 'true' && item) ctx.toggle(item, current);
        else
          go(
            all
              .slice(0, i)
              .reverse()
              .find((el) => levelOf(el) < levelOf(current)),
          );
        break;
      case 'Enter':
        if (current.dataset.more) current.click();
        else if (item && canEdit) openForm(item, null);
        else if (item && item.childCount > 0) ctx.toggle(item, current);
        break;
      case 'Delete':
        if (item && canDelete) askDelete(item);
        break;
      case '*': {
        // Opens every sibling of the focused item.
        const siblings = all
          .filter((el) => el.dataset.parent === current.dataset.parent && !el.dataset.more)
          .map((el) => items.current.get(Number(el.dataset.key)))
          .filter((it): it is Item => Boolean(it && it.childCount > 0));
        setExpanded((old) => new Set([...old, ...siblings.map((s) => s.id)]));
        break;
      }
      default:
        if (e.key.length === 1 && /\S/.test(e.key)) {
          // Type-ahead: the next item whose name starts with the letter.
          const letter = e.key.toLowerCase();
          const order = [...all.slice(i + 1), ...all.slice(0, i)];
          go(
            order.find((el) =>
              (el.querySelector('.dict-name')?.textContent ?? '').trim().toLowerCase().startsWith(letter),
            ),
          );
        } else handled = false;
    }
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  };

  const loading = q ? search.isFetching && !search.data : top.isLoading;
  const empty = !loading && topItems.length === 0;
  const selectedName = selected?.name ?? '';
  return (
    <div className="sys-screen dict-screen" data-testid="dict">
      <Header as="h1" size="medium">
        {title}
      </Header>
      <div className="dict-toolbar">
        <Input
          icon="search"
          iconPosition="left"
          placeholder={t('dic.search')}
          value={text}
          input={{
            'aria-label': `${title}: ${t('dic.search')}`,
            'data-testid': 'dict-search',
            type: 'search',
            'aria-controls': 'dict-tree',
          }}
          onChange={(_, d) => setText(String(d.value))}
          onKeyDown={(e: KeyboardEvent) => {
            if (e.key === 'Escape') setText('');
          }}
        />
        {canAdd && (
          <Button
            type="button"
            primary
            icon
            labelPosition="left"
            onClick={() => openForm(null, null)}
            data-testid="dict-add"
          >
            <Icon name="plus" aria-hidden="true" />
            {t('dic.addTop')}
          </Button>
        )}
        <div
          className="dict-selection"
          role="group"
          aria-label={selected ? t('dic.selected', { name: selectedName }) : t('dic.noneSelected')}
        >
          {canAdd && (
            <Button
              type="button"
              basic
              disabled={!selected}
              onClick={() => selected && openForm(null, selected)}
              data-testid="dict-add-child"
            >
              <Icon name="plus" aria-hidden="true" />
              {t('dic.addChild')}
            </Button>
          )}
          {canEdit && (
            <Button
              type="button"
              basic
              disabled={!selected}
              onClick={() => selected && openForm(selected, null)}
              data-testid="dict-edit"
            >
              <Icon name="edit" aria-hidden="true" />
              {t('edit')}
            </Button>
          )}
          {canDelete && (
            <Button
              type="button"
              basic
              disabled={!selected}
              onClick={() => selected && askDelete(selected)}
              data-testid="dict-delete"
            >
              <Icon name="trash" aria-hidden="true" />
              {t('delete')}
            </Button>
          )}
          {!q && browseOpen.size > 0 && (
            <Button type="button" basic onClick={() => setBrowseOpen(new Set())} data-testid="dict-collapse">
              <Icon name="compress" aria-hidden="true" />
              {t('dic.collapseAll')}
            </Button>
          )}
        </div>
      </div>
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
              canAdd && (
                <Button type="button" primary onClick={() => openForm(null, null)}>
                  {t('dic.addTop')}
                </Button>
              )
            )}
          </div>
        )}
        {(top.error || search.error) && (
          <Message warning content={errorMessage(top.error ?? search.error) || t('loadFailed')} />
        )}
        <Ctx.Provider value={ctx}>
          {!empty && !loading && (
            <ul
              role="tree"
              id="dict-tree"
              ref={treeRef}
              className="dict-tree"
              aria-label={title}
              aria-describedby="dict-help"
              aria-busy={(q ? search.isFetching : top.isFetching) ? 'true' : 'false'}
              data-testid="dict-tree"
              onKeyDown={onKeyDown}
            >
              {q ? (
                (found?.items ?? []).map((b, i, all) => (
                  <Node key={b.id} item={b} level={1} posinset={i + 1} setsize={all.length} branches={b.children} />
                ))
              ) : (
                <Level parentId={0} level={1} />
              )}
            </ul>
          )}
        </Ctx.Provider>
      </Segment>
      {editing !== undefined && (
        <FormModal
          open
          testId="dict-form"
          onClose={closeForm}
          onSubmit={() => void submit()}
          saving={saving.isLoading}
          errors={errors}
          title={
            editing.item
              ? `${t('edit')}: ${editing.item.name}`
              : editing.parent
                ? `${t('dic.addChild')}: ${editing.parent.name}`
                : `${t('add')}: ${title}`
          }
        >
          <Fields
            idPrefix="dict"
            fields={fields}
            values={values}
            errors={errors}
            creating={editing.item === null}
            onChange={(name, v) => setValues((old) => ({ ...old, [name]: v }))}
          />
        </FormModal>
      )}
      <ConfirmDelete
        name={doomed ? doomed.name : null}
        busy={deleting.isLoading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => {
          const key = doomed ? String(doomed.id) : null;
          setDoomed(null);
          if (key) focusKey(key);
        }}
      />
    </div>
  );
}
