/** The password policy's rules (docs/product-rules.md R14.4), each ticked as the typed password meets it. */
import { useTranslation } from 'react-i18next';
import { Icon, List } from 'semantic-ui-react';
import type { Rule } from '../policy.ts';

export function PasswordRules({ rules }: { rules: Rule[] }) {
  const { t } = useTranslation();
  return (
    <List className="password-rules" aria-live="polite" aria-label={t('password.rules')}>
      {rules.map((r) => (
        <List.Item key={r.key} className={r.ok ? 'rule-ok' : 'rule-pending'}>
          <Icon name={r.ok ? 'check circle' : 'circle outline'} aria-hidden="true" />
          <List.Content>{t(r.key, r.params)}</List.Content>
        </List.Item>
      ))}
    </List>
  );
}
