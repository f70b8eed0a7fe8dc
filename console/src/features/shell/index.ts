/** The shell's public pages: placeholders, 404, redirect helper and the sign-in callback. */
export { default as ComingSoon } from './ComingSoon.tsx';
export { default as NotFound } from './NotFound.tsx';
export { default as RedirectPage } from './RedirectPage.tsx';
export { default as Callback } from './Callback.tsx';
