/**
 * A semantic-ui styled button that says whether it is pressed (aria-pressed). semantic-ui-react's Button
 * overwrites aria-pressed unless it is a `toggle`, which paints the pressed state green; this one keeps the
 * normal look (the `active` shade) and tells assistive technology the state.
 */
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Icon, type SemanticICONS } from 'semantic-ui-react';

interface Props extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  pressed: boolean;
  /** semantic-ui classes besides `ui button` (`basic mini`, …). */
  look?: string;
  icon?: SemanticICONS;
  loading?: boolean;
  children?: ReactNode;
  [data: `data-${string}`]: string | undefined;
}

export function PressedButton({ pressed, look = '', icon, loading = false, className, children, ...rest }: Props) {
  const classes = [
    'ui',
    look,
    icon && children ? 'icon labeled' : '',
    pressed ? 'active' : '',
    loading ? 'loading' : '',
    'button',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button type="button" className={classes} aria-pressed={pressed} {...rest}>
      {icon && <Icon name={icon} aria-hidden="true" />}
      {children}
    </button>
  );
}
