import { useEffect } from 'preact/hooks';
import { cs } from '../i18n/cs';

/** Sets the document title: "<page> – craftstats". */
export function useTitle(page: string | null): void {
  useEffect(() => {
    document.title = page === null ? cs.site.title : `${page} – ${cs.site.name}`;
  }, [page]);
}
