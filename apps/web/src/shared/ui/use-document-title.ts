import { useEffect } from 'react';
import { useBrand } from '../brand/brand-query.ts';

/** Sets the tab title to '<page> · <brand>' so history and tabs are readable. */
export function useDocumentTitle(title: string | undefined): void {
  const brandName = useBrand()?.name;
  useEffect(() => {
    const parts = [title, brandName].filter(Boolean);
    if (parts.length > 0) document.title = parts.join(' · ');
  }, [title, brandName]);
}
