import { useEffect } from 'react';
import { useLocation } from 'react-router';

const settleMs = 2500;
const checkEveryMs = 100;

/**
 * On navigation: to the element of the #anchor (with the 80 px header offset from styles.css), or to the
 * top of the new page. Sections above the anchor fill in as their data arrives and push it down, so the
 * anchor is followed until the page settles, unless the visitor starts scrolling themselves.
 */
export function ScrollToHash() {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation, pathname included
  useEffect(() => {
    if (!hash) {
      window.scrollTo({ top: 0 });
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    const started = Date.now();
    let lastTop: number | undefined;
    let userScrolled = false;
    const stopFollowing = () => {
      userScrolled = true;
    };
    const options = { passive: true, once: true } as const;
    window.addEventListener('wheel', stopFollowing, options);
    window.addEventListener('touchstart', stopFollowing, options);
    window.addEventListener('keydown', stopFollowing, options);

    const timer = setInterval(() => {
      const target = document.getElementById(id);
      if (userScrolled || Date.now() - started > settleMs) {
        clearInterval(timer);
        return;
      }
      if (!target) return;
      const top = target.getBoundingClientRect().top + window.scrollY;
      // A target made focusable for it (tabindex) takes the keyboard too, as a link to it promises.
      if (lastTop === undefined && target.hasAttribute('tabindex')) target.focus({ preventScroll: true });
      if (lastTop === undefined || Math.abs(top - lastTop) > 4) {
        target.scrollIntoView({ behavior: lastTop === undefined ? 'smooth' : 'auto', block: 'start' });
        lastTop = top;
      }
    }, checkEveryMs);
    return () => {
      clearInterval(timer);
      window.removeEventListener('wheel', stopFollowing);
      window.removeEventListener('touchstart', stopFollowing);
      window.removeEventListener('keydown', stopFollowing);
    };
  }, [pathname, hash]);
  return null;
}
