import { useEffect } from 'react';

/** Page title: '<title> - <shop name>' (spec 000 §2), or just the title before an enterprise is chosen. */
export function pageTitle(title: string, shopName?: string) {
  return shopName ? `${title} - ${shopName}` : title;
}

export function useTitle(title: string, shopName?: string) {
  useEffect(() => {
    document.title = pageTitle(title, shopName);
  }, [title, shopName]);
}
