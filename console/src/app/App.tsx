import { useEffect } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { Toaster } from '../components/Toaster.tsx';
import { router } from './router.tsx';
import { store, useAppSelector } from './store.ts';

function Theme() {
  const theme = useAppSelector((s) => s.ui.theme);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  return null;
}

/** The console: store, theme, router and the one toast. */
export function App() {
  return (
    <Provider store={store}>
      <Theme />
      <RouterProvider router={router} />
      <Toaster />
    </Provider>
  );
}
