/**
 * People's face data (docs/product-rules.md R20.7): the /sys/face screen (registered by the sys section) and the
 * user menu's "My face".
 */
import { lazyScreen } from '../../app/lazy.ts';

export const faceScreen = lazyScreen(() => import('./screens/FaceScreen.tsx'));
export const MyFaceModal = lazyScreen(() => import('./components/MyFaceModal.tsx'));
