import { useEffect } from 'react';

const PRODUCT_NAME = 'Dayframe';

/** Sets the tab title to "`title` · Dayframe" (or just the product name) while mounted. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
