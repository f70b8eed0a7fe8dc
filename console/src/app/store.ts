import { configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { api } from './api.ts';
import { persistence } from './persist.ts';
import session from './sessionSlice.ts';
import ui from './uiSlice.ts';

export const store = configureStore({
  reducer: { session, ui, [api.reducerPath]: api.reducer },
  middleware: (getDefault) => getDefault().prepend(persistence.middleware).concat(api.middleware),
});

export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
