/** Where the web app keeps the visitor's theme: 'light', 'dark', or nothing for the system's. */
export const themeStorageKey = 'theme';

/**
 * Applies the saved theme before the first paint, so a dark-theme visitor never sees a white flash.
 * Written into the page itself (vite.config.ts): as a file it was a script the browser had to fetch
 * before drawing anything, one more round trip on a phone. The CSP admits exactly this text by its
 * hash (`src/server/http/content-security-policy.ts`), and no other inline script.
 */
export const themeInitScript = `(()=>{let t='system';try{t=localStorage.getItem('${themeStorageKey}')||'system'}catch{}document.documentElement.classList.toggle('dark',t==='dark'||(t==='system'&&matchMedia('(prefers-color-scheme: dark)').matches))})()`;
