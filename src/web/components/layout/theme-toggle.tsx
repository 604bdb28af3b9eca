import { Monitor, Moon, Sun } from 'lucide-react';
import { useEffect, useState } from 'react';
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

/** Cycles system → light → dark; the choice is kept in localStorage, the default follows the system. */
export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme>(readTheme);

  useEffect(() => {
    applyTheme(theme);
    if (theme !== 'system') return;
    const media = matchMedia('(prefers-color-scheme: dark)');
    const follow = () => applyTheme('system');
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, [theme]);

  const next = order[(order.indexOf(theme) + 1) % order.length] ?? 'system';
  const Icon = icons[theme];
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`Тема: ${labels[theme]}. Переключить на ${labels[next]}`}
      title={`Тема: ${labels[theme]}`}
      onClick={() => {
        try {
          if (next === 'system') localStorage.removeItem(themeStorageKey);
          else localStorage.setItem(themeStorageKey, next);
        } catch {
          // Without storage the theme still changes for this visit.
        }
        setTheme(next);
      }}
    >
      <Icon aria-hidden />
    </Button>
  );
}
