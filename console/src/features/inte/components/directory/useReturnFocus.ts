/**
 * A dialog's keyboard courtesy: focus goes back where it was when the dialog opened (the button that opened it),
 * or, when that is gone or disabled meanwhile, to `fallback`.
 */
import { useEffect } from 'react';

export function useReturnFocus(open: boolean, fallback?: () => HTMLElement | null | undefined): void {
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    return () => {
      const back = opener && opener.isConnected && !opener.matches(':disabled') ? opener : fallback?.();
      // After the dialog's own unmount, so its focus handling does not take it back.
      setTimeout(() => back?.focus(), 0);
    };
  }, [open]);
}
