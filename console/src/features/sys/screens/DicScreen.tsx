/**
 * /sys/dic: the data dictionary as a tree view (components/tree). Items open
 * with the mouse or the arrow keys and load their children a page at a time;
 * Enter edits, Delete asks before deleting; a search shows the matching items
 * with their ancestors, opened.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan, useToast } from '../../../app/hooks.ts';
import { ConfirmDelete } from '../../../components/crud/index.ts';
import { ScreenFrame } from '../../../components/ScreenFrame.tsx';
import { useTreeFocus } from '../../../components/tree/index.ts';
import { useDeleteDictMutation, type DictListItem } from '../api.ts';
import { DictContext, type DictTree } from '../components/dictionary/context.ts';
import { DictForm, useDictForm } from '../components/dictionary/DictForm.tsx';
import { DictPanel } from '../components/dictionary/DictPanel.tsx';
import { DictToolbar } from '../components/dictionary/DictToolbar.tsx';
import { useDictBrowse } from '../components/dictionary/useDictBrowse.ts';
import '../components/dictionary/dictionary.css';
import '../i18n.ts';

const blank = (sort: number, parentId: number | null) => ({ name: '', code: '', description: '', sort, parentId });

export default function DicScreen() {
  const { t } = useTranslation('sys');
  const title = t('title.dic');
  const can = useCan();
  const toast = useToast();
  const focus = useTreeFocus();
  const browse = useDictBrowse();
  const { q, found } = browse;

  const items = useRef(new Map<string, DictListItem>());
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  useEffect(() => setSelectedKey(null), [q]);
  const selected = selectedKey ? (items.current.get(selectedKey) ?? null) : null;

  // Where the focus goes back to when the form or the confirmation closes.
  const restore = useRef<string | null>(null);
  const [doomed, setDoomed] = useState<DictListItem | null>(null);
  const [remove, removing] = useDeleteDictMutation();
  const [parentOf, setParentOf] = useState<DictListItem | null>(null);
  const form = useDictForm({
    parentChoices: (values, editing) => {
      const options = new Map<number, string>();
      for (const it of browse.top?.items ?? []) if (it.id !== editing?.id) options.set(it.id, it.name);
      const current = Number(values.parentId);
      if (values.parentId != null && values.parentId !== '' && !options.has(current))
        options.set(current, items.current.get(String(current))?.name ?? `#${current}`);
      return [...options].map(([value, label]) => ({ value, text: label }));
    },
    onSaved: (saved, parentId) => {
      // Show the saved item where it now is: its parent opened, the focus on it.
      if (parentId) browse.open(String(parentId));
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
      void form.open(null, blank(parent.childCount + 1, parent.id));
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
    void form.open(null, blank((browse.top?.total ?? 0) + 1, null));
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
  /** Enter on an item: its form where allowed, else it opens or closes. */
  const activate = (key: string) => {
    const item = items.current.get(key);
    if (item && dict.canEdit) dict.edit(item);
    else if (item && item.childCount > 0) browse.toggle(key);
  };

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
          text={browse.text}
          onText={browse.setText}
          selected={selected}
          onAddTop={addTop}
          onCollapse={browse.collapse}
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
        <DictPanel
          title={title}
          browse={browse}
          focus={focus}
          selected={selectedKey}
          onSelect={setSelectedKey}
          onActivate={activate}
          onDelete={(key) => {
            const item = items.current.get(key);
            if (item && dict.canDelete) dict.remove(item);
          }}
          onAddTop={addTop}
        />
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
