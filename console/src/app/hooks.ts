/** Hooks every feature uses: what the session allows and the toasts. */
import type { PermissionCode } from '../../../core/capability.ts';
import type { Capability } from '../../../core/modules/capabilities.ts';
import { allows } from './sessionSlice.ts';
import { useAppDispatch, useAppSelector } from './store.ts';
import { toastShown, type ToastKind } from './uiSlice.ts';

/** What a control may be shown for: a capability, or a permission code for a screen's own action. */
export type Allowance = Capability | PermissionCode;

/** `can('bookings.book')`, `can('sys:admin:add')`: whether the session allows it, looked up exactly (R18.6). */
export function useCan(): (what: Allowance) => boolean {
  const session = useAppSelector((s) => s.session);
  return (what) => allows(session, what);
}

/** Shows a toast (errors from the server are toasted by the api slice already). */
export function useToast(): (kind: ToastKind, text: string) => void {
  const dispatch = useAppDispatch();
  return (kind, text) => dispatch(toastShown(kind, text));
}
