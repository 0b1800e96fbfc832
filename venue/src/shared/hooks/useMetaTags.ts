import { useEffect } from 'react';
import { metaSummary as summary } from '@plataforma/adapter/meta';

/** The tags a shared link's preview reads (Open Graph) and the page's description. */
export interface MetaTags {
  title: string;
  description: string;
  image?: string | null;
  url?: string;
}

/** The `<meta>` of `name` or `property`, created when missing; `remove` takes back what was created. */
const tagOf = (key: string): { element: HTMLMetaElement; created: boolean } => {
  const attribute = key.startsWith('og:') ? 'property' : 'name';
  const found = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (found) return { element: found, created: false };
  const element = document.createElement('meta');
  element.setAttribute(attribute, key);
  document.head.appendChild(element);
  return { element, created: true };
};

/**
 * Sets the page's description and Open Graph tags while it is shown, and puts back what was
 * there on leaving. (The server writes the same tags into the first HTML of an event's page
 * for previews that do not run scripts.)
 */
export const useMetaTags = (tags: MetaTags | null): void => {
  const key = tags ? JSON.stringify(tags) : '';
  useEffect(() => {
    if (!tags) return;
    const values: Record<string, string | undefined> = {
      description: summary(tags.description),
      'og:title': tags.title,
      'og:description': summary(tags.description),
      'og:type': 'website',
      'og:image': tags.image ? new URL(tags.image, window.location.origin).href : undefined,
      'og:url': tags.url ?? window.location.href,
    };
    const undo: Array<() => void> = [];
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) continue;
      const { element, created } = tagOf(name);
      const previous = element.getAttribute('content');
      element.setAttribute('content', value);
      undo.push(created ? () => element.remove() : () => element.setAttribute('content', previous ?? ''));
    }
    return () => undo.forEach((fn) => fn());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the tags' text is the dependency
  }, [key]);
};
