'use client';

import { usePathname } from 'next/navigation';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import styles from './app-shell.module.css';

const MENU_ID = 'app-menu';

const DrawerContext = createContext<{ open: boolean; setOpen: (open: boolean) => void }>({ open: false, setOpen: () => {} });

/**
 * The menu as a drawer on narrow screens (issue 20: at 375 px there was no usable menu): the
 * header's button opens it over the page; Escape, the backdrop, the button again or following a
 * link close it. From 721 px on the menu is the plain sidebar and the button is not shown.
 */
export function MenuDrawerProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  // A link followed inside the drawer lands on a new page: the drawer closes.
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return <DrawerContext.Provider value={{ open, setOpen }}>{children}</DrawerContext.Provider>;
}

/** The header's menu button (narrow screens only). Focus comes back to it when the drawer closes. */
export function MenuToggle({ openLabel, closeLabel }: { openLabel: string; closeLabel: string }) {
  const { open, setOpen } = useContext(DrawerContext);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open && document.activeElement?.closest(`#${MENU_ID}`) !== null) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return (
    <button ref={button} type="button" className={styles.menuToggle} aria-expanded={open} aria-controls={MENU_ID} aria-label={open ? closeLabel : openLabel} onClick={() => setOpen(!open)}>
      <span aria-hidden="true" className={styles.menuIcon} />
    </button>
  );
}

/** The menu itself: the sidebar on wide screens, the drawer on narrow ones. */
export function MenuPanel({ label, children }: { label: string; children: ReactNode }) {
  const { open, setOpen } = useContext(DrawerContext);
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    if (open) nav.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [open]);
  return (
    <>
      <nav ref={nav} id={MENU_ID} className={styles.menu} data-open={open} aria-label={label}>
        {children}
      </nav>
      {open && <div className={styles.backdrop} aria-hidden="true" onClick={() => setOpen(false)} />}
    </>
  );
}
