/**
 * Keyboard and screen-reader behaviour of every dialog (docs/product-rules.md R18.13). The UI kit's modals draw a
 * dimmed window but leave the focus behind it, are not announced as dialogs, and let Tab wander to the page
 * underneath. Installed once for the whole console instead of in each of its dialogs: a dialog that opens is marked
 * as a modal dialog and takes the focus (its first text field, else the dialog itself, so Enter cannot confirm a
 * deletion by accident); Tab and shift+Tab stay inside the top dialog; when it closes the focus goes back to what
 * had it before, or to what the dialog it replaced had come from (a form followed by its answer).
 */

const DIALOG = '.ui.modal';
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
const FIRST_FIELD =
  '[autofocus], input:not([disabled]):not([type="hidden"]):not([type="checkbox"]):not([type="radio"]), ' +
  'textarea:not([disabled]), select:not([disabled])';

interface Open {
  dialog: HTMLElement;
  returnTo: HTMLElement | null;
}

const visible = (el: HTMLElement) => el.getClientRects().length > 0;

/** The dialog's tab stops, in order (a dropdown's search box counts as the dropdown). */
function tabStops(dialog: HTMLElement): HTMLElement[] {
  return Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(visible);
}

/** A text field to start in; not a dropdown's (focusing one opens its menu). */
function firstField(dialog: HTMLElement): HTMLElement | null {
  return (
    Array.from(dialog.querySelectorAll<HTMLElement>(FIRST_FIELD)).find(
      (el) => visible(el) && !el.closest('.ui.dropdown'),
    ) ?? null
  );
}

function takeFocus(dialog: HTMLElement): void {
  if (dialog.contains(document.activeElement)) return;
  const field = firstField(dialog);
  if (field) {
    field.focus();
    return;
  }
  if (!dialog.hasAttribute('tabindex')) dialog.setAttribute('tabindex', '-1');
  dialog.focus();
}

let headerIds = 0;

/** A dialog is named by its header when it names itself no other way. */
function markAsDialog(dialog: HTMLElement): void {
  if (!dialog.hasAttribute('role')) dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  if (dialog.hasAttribute('aria-label') || dialog.hasAttribute('aria-labelledby')) return;
  const header = dialog.querySelector<HTMLElement>(':scope > .header');
  if (!header) return;
  header.id ||= `dialog-header-${++headerIds}`;
  dialog.setAttribute('aria-labelledby', header.id);
}

export function installDialogFocus(root: Document = document): () => void {
  const open: Open[] = [];

  const sync = () => {
    // Dialogs gone since the last look: the focus they took is owed to what had it before the first of them.
    let owed: HTMLElement | null | undefined;
    for (let i = 0; i < open.length;) {
      if (open[i]!.dialog.isConnected) {
        i++;
        continue;
      }
      const [closed] = open.splice(i, 1);
      if (owed === undefined) owed = closed!.returnTo;
    }
    const known = new Set(open.map((o) => o.dialog));
    const opened = Array.from(root.querySelectorAll<HTMLElement>(DIALOG)).filter((d) => !known.has(d));
    for (const dialog of opened) {
      const active = root.activeElement as HTMLElement | null;
      const returnTo = owed ?? (active && active !== root.body ? active : null);
      owed = undefined;
      markAsDialog(dialog);
      open.push({ dialog, returnTo });
      takeFocus(dialog);
    }
    if (owed?.isConnected && (!root.activeElement || root.activeElement === root.body)) owed.focus();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const top = open[open.length - 1]?.dialog;
    if (e.key !== 'Tab' || !top?.isConnected) return;
    const stops = tabStops(top);
    if (stops.length === 0) {
      e.preventDefault();
      return;
    }
    const first = stops[0]!;
    const last = stops[stops.length - 1]!;
    const active = root.activeElement;
    const inside = top.contains(active);
    const wraps = e.shiftKey ? active === first || active === top : active === last;
    if (!inside || wraps) {
      e.preventDefault();
      (e.shiftKey ? last : first).focus();
    }
  };

  const observer = new MutationObserver(sync);
  observer.observe(root.body, { childList: true, subtree: true });
  root.addEventListener('keydown', onKeyDown, true);
  return () => {
    observer.disconnect();
    root.removeEventListener('keydown', onKeyDown, true);
  };
}
