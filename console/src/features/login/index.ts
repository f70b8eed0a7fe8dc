/** The login feature's public surface for the rest of the console. */
export { ChangePasswordModal } from './components/ChangePasswordModal.tsx';
export { logout, loadMenu, enterConsole, completeExternalSignIn } from './flow.ts';
export { readHashEntry } from './entryPoints.ts';
export { useOidcCallbackMutation, useTokenUrlMutation } from './api.ts';
