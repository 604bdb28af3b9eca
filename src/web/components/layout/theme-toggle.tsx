import { Monitor, Moon, Sun } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { themeStorageKey } from '../../../shared/theme-init';
import { Button } from '../ui/button';

type Theme = 'light' | 'dark' | 'system';
const order: Theme[] = ['system', 'light', 'dark'];
const labels: Record<Theme, string> = { system: 'системная', light: 'светлая', dark: 'тёмная' };
const icons = { system: Monitor, light: Sun, dark: Moon };

function readTheme(): Theme {
  try {
    const saved = localStorage.getItem(themeStorageKey);
    return saved === 'light' || saved === 'dark' ? saved : 'system';
  } catch {
    return 'system';
  }
}

function applyTheme(theme: Theme) {
  const dark = theme === 'dark' || (theme === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
}

/** The saved theme as an external store: this tab's choices and other tabs' (the storage event). */
const themeListeners = new Set<() => void>();
function subscribeToTheme(listener: () => void) {
  themeListeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    themeListeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function saveTheme(theme: Theme) {
  try {
    if (theme === 'system') localStorage.removeItem(themeStorageKey);
    else localStorage.setItem(themeStorageKey, theme);
  } catch {
    // Without storage the choice lasts as long as the page.
  }
  for (const listener of themeListeners) listener();
}

/**
 * The server draws pages for a visitor whose theme it cannot know, so while React adopts that markup
 * the button shows 'system' as the server did (getServerSnapshot), and the saved theme right after.
 * Reading localStorage during hydration made React throw away the page with error #418.
 */
const serverTheme = (): Theme => 'system';

/** Cycles system → light → dark; the choice is kept in localStorage, the default follows the system. */
export function ThemeToggle() {
  const saved = useSyncExternalStore(subscribeToTheme, readTheme, serverTheme);
  // A visit without storage still switches: the last choice of this page wins over what is saved.
  const [chosen, setChosen] = useState<Theme | undefined>(undefined);
  const theme = chosen ?? saved;

  useEffect(() => {
    // While hydrating, `theme` is the server's 'system' rather than the visitor's: the page already wears
    // the saved theme (themeInitScript), and applying the placeholder would flash the other one.
    if (chosen === undefined && theme !== readTheme()) return;
    applyTheme(theme);
    if (theme !== 'system') return;
    const media = matchMedia('(prefers-color-scheme: dark)');
    const follow = () => applyTheme('system');
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, [theme, chosen]);

  const next = order[(order.indexOf(theme) + 1) % order.length] ?? 'system';
  const Icon = icons[theme];
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`Тема: ${labels[theme]}. Переключить на ${labels[next]}`}
      title={`Тема: ${labels[theme]}`}
      onClick={() => {
        setChosen(next);
        saveTheme(next);
      }}
    >
      <Icon aria-hidden />
    </Button>
  );
}
