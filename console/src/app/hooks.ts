/** Hooks every feature uses: the session's permissions and the toasts. */
import { hasPermission } from './sessionSlice.ts';
import { useAppDispatch, useAppSelector } from './store.ts';
import { toastShown, type ToastKind } from './uiSlice.ts';

/** `can('sys:admin:add')`: whether the session's permissions allow it (docs/product-rules.md R18.6). */
export function useCan(): (code: string) => boolean {
  const permissions = useAppSelector((s) => s.session.permissions);
  return (code: string) => hasPermission(permissions, code);
}

/** Shows a toast (errors from the server are toasted by the api slice already). */
export function useToast(): (kind: ToastKind, text: string) => void {
  const dispatch = useAppDispatch();
  return (kind, text) => dispatch(toastShown(kind, text));
}
