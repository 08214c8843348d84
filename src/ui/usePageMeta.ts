import { useEffect } from 'react';

import { brand } from '../content/brand';

export const SITE_NAME = brand.name;

/** Sets the document title ("{title} | GrowthPath") and the meta description for the page being shown. */
export function usePageMeta(title: string, description: string): void {
  useEffect(() => {
    document.title = title === SITE_NAME ? title : `${title} | ${SITE_NAME}`;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [title, description]);
}
