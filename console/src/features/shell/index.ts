/** The shell's own screens outside the sections: the "coming" placeholder, 404, the redirect helper and the sign-in callback. */
export { default as ComingSoon } from './screens/ComingSoonScreen.tsx';
export { default as NotFound } from './screens/NotFoundScreen.tsx';
export { default as RedirectPage } from './screens/RedirectScreen.tsx';
export { default as Callback } from './screens/CallbackScreen.tsx';
