import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { Icon, Input, Modal } from 'semantic-ui-react';
import { useAppDispatch, useAppSelector } from '../app/store.ts';
import { searchToggled } from '../app/uiSlice.ts';
import { menuTitle } from '../i18n/index.ts';

function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return Boolean(el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)));
}

/** Search over the menu entries: the s key opens it, esc closes it, and any navigation closes it. */
export function SearchPanel() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const open = useAppSelector((s) => s.ui.searchOpen);
  const menuList = useAppSelector((s) => s.session.menuList);
  const [query, setQuery] = useState('');
  const [cursor, setCursor] = useState(0);

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 's' && !e.ctrlKey && !e.metaKey && !e.altKey && !typing(e.target)) {
        e.preventDefault();
        dispatch(searchToggled(true));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dispatch]);

  useEffect(() => {
    dispatch(searchToggled(false));
  }, [pathname, dispatch]);

  useEffect(() => {
    if (open) {
      setQuery('');
      setCursor(0);
    }
  }, [open]);

  const entries = useMemo(
    () =>
      menuList.flatMap((s) =>
        (s.children ?? [])
          .filter((c) => !c.meta.hidden)
          .map((c) => ({
            path: c.path,
            title: menuTitle(c.meta, i18n.language),
            section: menuTitle(s.meta, i18n.language),
            haystack: [c.path, c.meta.title, c.meta.titleEn, c.meta.titleJa].join(' ').toLowerCase(),
          })),
      ),
    [menuList, i18n.language],
  );
  const q = query.trim().toLowerCase();
  const results = q ? entries.filter((e) => e.haystack.includes(q)) : entries;

  const go = (path: string | undefined) => {
    if (!path) return;
    dispatch(searchToggled(false));
    navigate(path);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown') setCursor((c) => Math.min(c + 1, results.length - 1));
    else if (e.key === 'ArrowUp') setCursor((c) => Math.max(c - 1, 0));
    else if (e.key === 'Enter') go(results[cursor]?.path);
  };

  return (
    <Modal
      open={open}
      size="small"
      onClose={() => dispatch(searchToggled(false))}
      className="search-panel"
      data-testid="search-panel"
      aria-label={t('search.title')}
    >
      <Modal.Content>
        <Input
          fluid
          icon="search"
          iconPosition="left"
          autoFocus
          placeholder={t('search.placeholder')}
          value={query}
          input={{ 'aria-label': t('search.title'), 'data-testid': 'search-input' }}
          onChange={(_, d) => {
            setQuery(String(d.value));
            setCursor(0);
          }}
          onKeyDown={onKeyDown}
        />
        <ul className="search-results" role="listbox" aria-label={t('search.results')}>
          {results.map((r, i) => (
            <li
              key={r.path}
              role="option"
              aria-selected={i === cursor}
              className={i === cursor ? 'search-result selected' : 'search-result'}
              onClick={() => go(r.path)}
              onMouseEnter={() => setCursor(i)}
              data-path={r.path}
            >
              <Icon name="angle right" aria-hidden="true" />
              <span className="search-result-title">{r.title}</span>
              <span className="search-result-section">
                {r.section} · {r.path}
              </span>
            </li>
          ))}
        </ul>
        {results.length === 0 && <p className="search-empty">{t('search.empty')}</p>}
        <p className="search-hint">{t('search.hint')}</p>
      </Modal.Content>
    </Modal>
  );
}
