// Applies the saved theme before the first paint, so a dark-theme user never sees a white flash.
// An external file rather than an inline script: the content security policy allows only 'self'.
(() => {
  let theme = 'system';
  try {
    theme = localStorage.getItem('theme') || 'system';
  } catch {}
  const dark = theme === 'dark' || (theme === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
})();
