import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Names the browser tab after the page ('… · Plataforma de Eventos'); the previous title comes back on leaving. */
export const useDocumentTitle = (title: string | null | undefined): void => {
  const { t } = useTranslation();
  const brand = t('common.brand');
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} · ${brand}`;
    return () => {
      document.title = previous;
    };
  }, [title, brand]);
};
