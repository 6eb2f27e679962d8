import { useEffect } from 'react';
import { useBrand } from './brand-query.ts';

/** Finds a head element or creates it (the dev server's index.html is not dressed by the API server). */
function headElement<K extends 'link' | 'meta'>(
  tag: K,
  selector: string,
  init: (el: HTMLElementTagNameMap[K]) => void,
) {
  let el = document.head.querySelector<HTMLElementTagNameMap[K]>(selector);
  if (!el) {
    el = document.createElement(tag);
    init(el);
    document.head.append(el);
  }
  return el;
}

/** Puts the host's brand on the document: favicon and browser theme colour (page titles set the title). */
export function BrandEffects(): null {
  const brand = useBrand();
  useEffect(() => {
    if (!brand) return;
    if (brand.faviconUrl) {
      headElement('link', 'link[rel="icon"]', (l) => {
        l.rel = 'icon';
      }).href = brand.faviconUrl;
    }
    headElement('meta', 'meta[name="theme-color"]', (m) => {
      m.name = 'theme-color';
    }).content = brand.themeColor;
  }, [brand]);
  return null;
}
