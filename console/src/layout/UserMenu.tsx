import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Confirm, Icon } from 'semantic-ui-react';
import { useAppDispatch, useAppSelector } from '../app/store.ts';
import { changePasswordToggled, themeChosen, THEMES } from '../app/uiSlice.ts';
import { MenuButton, type MenuEntryItem } from '../components/MenuButton.tsx';
import { MyFaceModal } from '../features/face/index.ts';
import '../features/face/i18n.ts';
import { logout } from '../features/login/index.ts';
import { LANG_NAMES, LANGS } from '../i18n/index.ts';

/** The signed-in user's menu: change password, my face (R20.7), language, theme, logout (with confirmation). */
export function UserMenu() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const username = useAppSelector((s) => s.session.username);
  const theme = useAppSelector((s) => s.ui.theme);
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [face, setFace] = useState(false);
  const { t: tf } = useTranslation('face');
  const items: MenuEntryItem[] = [
    {
      kind: 'item',
      key: 'password',
      text: t('password.title'),
      onSelect: () => dispatch(changePasswordToggled(true)),
      attrs: { 'data-testid': 'menu-change-password' },
    },
    {
      kind: 'item',
      key: 'face',
      text: tf('myFace'),
      onSelect: () => setFace(true),
      attrs: { 'data-testid': 'menu-my-face' },
    },
    { kind: 'divider', key: 'd1' },
    { kind: 'header', key: 'lang', text: t('common.language') },
    ...LANGS.map((lang): MenuEntryItem => ({
      kind: 'item',
      key: `lang-${lang}`,
      text: LANG_NAMES[lang],
      checked: i18n.language === lang,
      onSelect: () => void i18n.changeLanguage(lang),
      attrs: { 'data-lang': lang, lang: lang === 'cn' ? 'zh-CN' : lang },
    })),
    { kind: 'divider', key: 'd2' },
    { kind: 'header', key: 'theme', text: t('layout.theme') },
    ...THEMES.map((name): MenuEntryItem => ({
      kind: 'item',
      key: `theme-${name}`,
      text: t(`themes.${name}`),
      checked: theme === name,
      onSelect: () => dispatch(themeChosen(name)),
      attrs: { 'data-theme-option': name },
    })),
    { kind: 'divider', key: 'd3' },
    {
      kind: 'item',
      key: 'logout',
      text: t('layout.logout'),
      onSelect: () => setConfirming(true),
      attrs: { 'data-testid': 'menu-logout' },
    },
  ];
  return (
    <>
      <MenuButton
        className="user-menu"
        testId="user-menu"
        label={t('layout.userMenu')}
        items={items}
        triggerLabel={`${username || t('layout.user')}, ${t('layout.userMenu')}`}
        trigger={
          <>
            <Icon name="user circle" aria-hidden="true" />
            <span>{username || t('layout.user')}</span>
            <Icon name="dropdown" aria-hidden="true" />
          </>
        }
      />
      {face && (
        <Suspense fallback={null}>
          <MyFaceModal onClose={() => setFace(false)} />
        </Suspense>
      )}
      <Confirm
        open={confirming}
        size="mini"
        header={t('layout.logout')}
        content={t('layout.logoutConfirm')}
        cancelButton={t('common.cancel')}
        confirmButton={{ content: t('layout.logout'), loading: leaving, 'data-testid': 'logout-confirm' }}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          setLeaving(true);
          await logout(dispatch);
          setLeaving(false);
          setConfirming(false);
        }}
      />
    </>
  );
}
