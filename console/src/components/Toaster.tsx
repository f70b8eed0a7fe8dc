import { useEffect } from 'react';
import { Message } from 'semantic-ui-react';
import { useAppDispatch, useAppSelector } from '../app/store.ts';
import { toastClosed } from '../app/uiSlice.ts';

export const TOAST_MS = 5_000;

/** The one visible toast (docs/product-rules.md R18.9): it closes itself after 5 s. */
export function Toaster() {
  const toast = useAppSelector((s) => s.ui.toast);
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => dispatch(toastClosed(toast.id)), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast, dispatch]);
  if (!toast) return null;
  return (
    <div className="toaster" role={toast.kind === 'error' ? 'alert' : 'status'}>
      <Message
        data-testid="toast"
        negative={toast.kind === 'error'}
        positive={toast.kind === 'success'}
        warning={toast.kind === 'warning'}
        info={toast.kind === 'info'}
        content={toast.text}
        onDismiss={() => dispatch(toastClosed(toast.id))}
      />
    </div>
  );
}
