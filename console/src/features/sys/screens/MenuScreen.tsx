/** /sys/menu: the menu's sections and entries, with their titles in the three languages. */
import { useTranslation } from 'react-i18next';
import { Icon } from 'semantic-ui-react';
import { CHOICES } from '../../../app/endpoints.ts';
import { CrudScreen } from '../../../components/crud/index.ts';
import { titleOf } from '../../../components/format.ts';
import { menus, useMenuListQuery } from '../api.ts';
import '../i18n.ts';

/** The server's MenuBody rules for a name and a path. */
const NAME = /^[\w.-]+$/;
const PATH = /^\/[^\s]*$/;

export default function MenuScreen() {
  const { t, i18n } = useTranslation('sys');
  const lang = i18n.language;
  const { data } = useMenuListQuery({ ...CHOICES, pageSize: 100, parentId: 0 });
  const sections = (data?.items ?? []).map((m) => ({ value: m.id, text: titleOf(m, lang) }));
  const title = (k: 'title' | 'titleEn' | 'titleJa', label: string) => ({
    name: k,
    label,
    required: true,
    maxLength: 100,
  });
  return (
    <CrudScreen
      name="menus"
      title={t('title.menu')}
      perm="sys:menu"
      source={menus}
      nameOf={(m) => titleOf(m, lang)}
      canDelete={(m) => !m.builtIn}
      columns={[
        { key: 'title', header: t('menu.title'), render: (m) => titleOf(m, lang) },
        { key: 'path', header: t('menu.path'), render: (m) => m.path },
        {
          key: 'icon',
          header: t('menu.icon'),
          render: (m) =>
            m.icon ? (
              <>
                <Icon name={m.icon as never} aria-hidden="true" /> {m.icon}
              </>
            ) : (
              ''
            ),
        },
        { key: 'sort', header: t('menu.sort'), render: (m) => m.sort },
        { key: 'hidden', header: t('menu.hidden'), render: (m) => (m.hidden ? t('yes') : t('no')) },
      ]}
      fields={[
        { name: 'parentId', label: t('menu.parent'), type: 'select', options: sections },
        {
          name: 'name',
          label: t('menu.name'),
          required: true,
          maxLength: 100,
          validate: (v) => (NAME.test(String(v).trim()) ? null : t('menu.badName')),
        },
        {
          name: 'path',
          label: t('menu.path'),
          required: true,
          maxLength: 200,
          validate: (v) => (PATH.test(String(v).trim()) ? null : t('menu.badPath')),
        },
        title('title', t('menu.titleCn')),
        title('titleEn', t('menu.titleEn')),
        title('titleJa', t('menu.titleJa')),
        { name: 'icon', label: t('menu.icon'), maxLength: 50 },
        { name: 'sort', label: t('menu.sort'), type: 'number', integer: true, min: 0, max: 1_000_000 },
        { name: 'hidden', label: t('menu.hidden'), type: 'checkbox' },
      ]}
      toForm={(m) => (m ? { ...m } : { parentId: null, sort: 0, hidden: false })}
      toBody={(v) => ({
        parentId: v.parentId === '' || v.parentId == null ? null : Number(v.parentId),
        name: String(v.name),
        path: String(v.path),
        title: String(v.title),
        titleEn: String(v.titleEn),
        titleJa: String(v.titleJa),
        icon: String(v.icon ?? '').trim() || null,
        hidden: Boolean(v.hidden),
        sort: Number(v.sort ?? 0),
      })}
    />
  );
}
