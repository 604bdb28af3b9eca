// The only scripts written into the page itself (by vite.config.ts); the CSP admits exactly these texts
// by their hashes (src/server/http/content-security-policy.ts) and no other inline script. As files,
// each would be one more request the page waits for.

/** Where the web app keeps the visitor's theme: 'light', 'dark', or nothing for the system's. */
export const themeStorageKey = 'theme';

/** Applies the saved theme before the first paint, so a dark-theme visitor never sees a white flash. */
export const themeInitScript = `(()=>{let t='system';try{t=localStorage.getItem('${themeStorageKey}')||'system'}catch{}document.documentElement.classList.toggle('dark',t==='dark'||(t==='system'&&matchMedia('(prefers-color-scheme: dark)').matches))})()`;

/** The meta element that names the app's entry script, for `appStartScript`. */
export const appEntryMetaName = 'app-entry';

/**
 * Starts the app's scripts once the page has been painted. A drawn page is readable without them; asked
 * for beside the page, they arrived on a fast connection while it was still being laid out, and
 * compiling and running them held back its first paint (Lighthouse, phone: 1.9 s). In a tab that is
 * not shown no frame comes, so the scripts start at once.
 */
export const appStartScript = `(()=>{const e=document.querySelector('meta[name="${appEntryMetaName}"]');if(!e)return;const s=()=>{const t=document.createElement('script');t.type='module';t.src=e.content;document.head.append(t)};document.visibilityState==='visible'?requestAnimationFrame(()=>setTimeout(s)):s()})()`;
