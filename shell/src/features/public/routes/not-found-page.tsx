import { NotFound, useDocumentTitle } from '@dayframe/web-kit';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return <NotFound />;
}
