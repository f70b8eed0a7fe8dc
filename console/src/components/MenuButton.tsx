import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export type MenuEntryItem =
  | {
      kind: 'item';
      key: string;
      text: string;
      onSelect: () => void;
      checked?: boolean;
      disabled?: boolean;
      attrs?: Record<string, string>;
    }
  | { kind: 'header'; key: string; text: string }
  | { kind: 'divider'; key: string };

interface Props {
  label: string;
  trigger: ReactNode;
  items: MenuEntryItem[];
  className?: string;
  testId?: string;
  triggerClassName?: string;
  /** The trigger's accessible name when it differs from `label` (it must contain the trigger's visible text). */
  triggerLabel?: string;
}

/**
 * A button that opens a WAI-ARIA menu (menuitem / menuitemradio), closed by
 * Escape, by a choice or by a click elsewhere; arrow keys move between items.
 */
export function MenuButton({
  label,
  trigger,
  items,
  className = '',
  testId,
  triggerClassName = '',
  triggerLabel,
}: Props) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const focusable = () =>
    Array.from(root.current?.querySelectorAll<HTMLButtonElement>('[role^="menuitem"]:not([disabled])') ?? []);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.stopPropagation();
      setOpen(false);
      button.current?.focus();
      return;
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    if (!open) setOpen(true);
    const list = focusable();
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    const next = e.key === 'ArrowDown' ? (at + 1) % list.length : (at - 1 + list.length) % list.length;
    requestAnimationFrame(() => (list[next] ?? focusable()[0])?.focus());
  };

  return (
    <div ref={root} className={`menu-button ${className}`} data-testid={testId} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className={`menu-button-trigger ${triggerClassName}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={triggerLabel ?? label}
        onClick={() => setOpen((o) => !o)}
      >
        {trigger}
      </button>
      {open && (
        <ul role="menu" aria-label={label} className="ui vertical menu menu-button-list">
          {items.map((item) => {
            if (item.kind === 'divider') return <li key={item.key} role="separator" className="divider" />;
            if (item.kind === 'header')
              return (
                <li key={item.key} role="presentation" aria-hidden="true" className="header">
                  {item.text}
                </li>
              );
            const radio = item.checked !== undefined;
            return (
              <li key={item.key} role="none">
                <button
                  type="button"
                  role={radio ? 'menuitemradio' : 'menuitem'}
                  aria-checked={radio ? item.checked : undefined}
                  disabled={item.disabled}
                  className={item.checked ? 'item active' : 'item'}
                  {...item.attrs}
                  onClick={() => {
                    setOpen(false);
                    item.onSelect();
                  }}
                >
                  {item.text}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
