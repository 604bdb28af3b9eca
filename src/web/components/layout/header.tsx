import { clsx } from 'clsx';
import { HeartHandshake, Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { signInAddress } from '../../lib/sign-in-return';
import { Button } from '../ui/button';
import { mainNavigation, siteName } from './site-texts';
import { ThemeToggle } from './theme-toggle';

interface HeaderProps {
  /** Unknown while the session loads: neither sign-in nor the account is offered until it is known. */
  signedIn: boolean | undefined;
  hasNewNotifications: boolean;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted',
    isActive ? 'text-primary dark:text-green-400' : 'text-muted-foreground',
  );

export function Header({ signedIn, hasNewNotifications }: HeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the menu closes whenever the page changes
  useEffect(() => setMenuOpen(false), [location.pathname]);

  // Signing in from a page comes back to it; the home page and the sign-in page itself need no return.
  const signIn =
    location.pathname === '/' || location.pathname.startsWith('/auth')
      ? '/auth'
      : signInAddress(location.pathname);

  const accountLinks =
    signedIn === undefined ? null : signedIn ? (
      <Button asChild size="sm" className="relative">
        <Link to="/dashboard">
          Личный кабинет
          {hasNewNotifications ? (
            <span className="absolute -top-1 -right-1 size-3 rounded-full border-2 border-background bg-red-600">
              <span className="sr-only">Есть новые уведомления</span>
            </span>
          ) : null}
        </Link>
      </Button>
    ) : (
      <>
        <Button asChild variant="outline" size="sm">
          <Link to={signIn}>Войти</Link>
        </Button>
        <Button asChild size="sm">
          <Link to="/auth?tab=register">Регистрация</Link>
        </Button>
      </>
    );

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <Link to="/" className="flex items-center gap-2 font-bold">
          <HeartHandshake aria-hidden className="size-7 text-primary" />
          {/* Hidden from sight on a phone, never from a screen reader: the link needs its name. */}
          <span className="sr-only sm:not-sr-only">{siteName}</span>
        </Link>
        {/* The six links and the account buttons need about 1000 px in a row; narrower screens get the menu. */}
        <nav aria-label="Основная навигация" className="hidden flex-1 items-center gap-1 lg:flex">
          {mainNavigation.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.to === '/'} className={linkClass}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <ThemeToggle />
          <div className="hidden items-center gap-2 lg:flex">{accountLinks}</div>
          <Button
            ref={menuButton}
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-label={menuOpen ? 'Закрыть меню' : 'Открыть меню'}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden /> : <Menu aria-hidden />}
          </Button>
        </div>
      </div>
      {menuOpen ? (
        <nav
          id="mobile-menu"
          aria-label="Мобильное меню"
          className="border-t border-border px-4 py-3 lg:hidden"
          // Escape closes the menu from any of its links and puts the keyboard back on the menu button.
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            setMenuOpen(false);
            menuButton.current?.focus();
          }}
        >
          <div className="flex flex-col gap-1">
            {mainNavigation.map((item) => (
              <NavLink key={item.to} to={item.to} end={item.to === '/'} className={linkClass}>
                {item.label}
              </NavLink>
            ))}
          </div>
          <div className="mt-3 flex gap-2">{accountLinks}</div>
        </nav>
      ) : null}
    </header>
  );
}
