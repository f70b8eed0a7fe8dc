import { useAppDispatch } from '../../app/store.ts';
import { toastShown, type ToastKind } from '../../app/uiSlice.ts';

/** Shows a toast (errors from the server are toasted by the api slice already). */
export function useToast(): (kind: ToastKind, text: string) => void {
  const dispatch = useAppDispatch();
  return (kind, text) => dispatch(toastShown(kind, text));
}
