import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * On navigation: to the element of the #anchor (with the 80 px header offset from styles.css), or to the
 * top of the new page. Sections render after their data, so the anchor is looked for a few times.
 */
export function ScrollToHash() {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation, pathname included
  useEffect(() => {
    if (!hash) {
      window.scrollTo({ top: 0 });
      return;
    }
    let attempts = 0;
    const timer = setInterval(() => {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      attempts += 1;
      if (target) target.scrollIntoView({ behavior: 'smooth', block: 'start' });
      if (target || attempts > 20) clearInterval(timer);
    }, 50);
    return () => clearInterval(timer);
  }, [pathname, hash]);
  return null;
}
