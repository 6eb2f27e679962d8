import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
// Only the sections the first page needs (the root layout, the login page and what they open) travel
// with index.html: named imports of the JSON's top-level keys, so the build leaves the rest out. The
// whole file follows as a chunk of its own (`loadAllStrings`), which every other page's route waits
// for (app/routes.tsx) and which is fetched right after the first render anyway (main.tsx). A key of
// another section shown before it arrives reads as its key for a moment, then re-renders (bindI18nStore).
// The login weight's budget (build/login-weight.ts, docs/decisions.md "Login weight") is why.
import { app, brand, debug, errors, forgot, login, logout, panel, password } from './en.json';
import type en from './en.json';

export const defaultNS = 'translation';
/** Typed as the whole file: every key exists once `loadAllStrings` has run. */
export const resources = { en: { translation: { app, brand, debug, errors, forgot, login, logout, panel, password } } } as unknown as {
  readonly en: { readonly translation: typeof en };
};

// English first; the startup sections are bundled, so initialisation is synchronous.
void i18n.use(initReactI18next).init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { bindI18nStore: 'added' },
});

let all: Promise<void> | undefined;
/** Adds every section of en.json (once); resolves when they are in. */
export function loadAllStrings(): Promise<void> {
  // `?raw`: the same file as a module of its own (a plain import would share the startup sections' module).
  all ??= import('./en.json?raw').then(({ default: text }) => {
    i18n.addResourceBundle('en', defaultNS, JSON.parse(text) as typeof en, true, true);
  });
  return all;
}

export { i18n };
