import { useTranslation } from 'react-i18next';
import { Menu } from 'semantic-ui-react';
import type { LoginType } from './useLoginForm.ts';

/** The choice between a local account and the directory's, shown when the server offers a directory sign-in. */
export function LoginTypeMenu(props: { value: LoginType; onChange: (type: LoginType) => void; ldapName: string }) {
  const { t } = useTranslation();
  const item = (type: LoginType, label: string) => (
    <Menu.Item
      as="button"
      type="button"
      name={type}
      active={props.value === type}
      aria-pressed={props.value === type}
      onClick={() => props.onChange(type)}
    >
      {label}
    </Menu.Item>
  );
  return (
    <Menu secondary pointing widths={2} aria-label={t('login.accountType')}>
      {item('local', t('login.local'))}
      {item('ldap', props.ldapName || t('login.domain'))}
    </Menu>
  );
}
