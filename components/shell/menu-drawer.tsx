'use client';

import { usePathname } from 'next/navigation';
import { Link } from '@/components/ui/link';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import styles from './app-shell.module.css';

const MENU_ID = 'app-menu';

const DrawerContext = createContext<{ open: boolean; setOpen: (open: boolean) => void }>({ open: false, setOpen: () => {} });

/** Where the drawer becomes the sidebar (app-shell.module.css: max-width 720px is the drawer). */
const WIDE = '(min-width: 721px)';

/**
 * The menu as a drawer on narrow screens (issue 20: at 375 px there was no usable menu): the
 * header's button opens it over the page; Escape, the backdrop, the button again or any link in it
 * close it. From 721 px on the menu is the plain sidebar and the button is not shown.
 */
export function MenuDrawerProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  // A page changed another way (back, a link in the page) closes it too.
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    // Grown past the drawer's width (a tablet turned), the menu is the sidebar: nothing to close
    // any more, and the page must not stay inert behind it.
    const wide = window.matchMedia(WIDE);
    const onWide = () => wide.matches && setOpen(false);
    document.addEventListener('keydown', onKey);
    wide.addEventListener('change', onWide);
    return () => {
      document.removeEventListener('keydown', onKey);
      wide.removeEventListener('change', onWide);
    };
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

/**
 * Makes every element of the page inert except `keep` (and what leads down to them); returns the
 * undo. Elements inert already (a closed dialog's) are left as they are.
 */
function inertAllBut(keep: Element[]): () => void {
  const marked: Element[] = [];
  const walk = (parent: Element) => {
    for (const child of Array.from(parent.children)) {
      if (keep.includes(child)) continue;
      if (keep.some((el) => child.contains(el))) walk(child);
      else if (!child.hasAttribute('inert')) {
        child.setAttribute('inert', '');
        marked.push(child);
      }
    }
  };
  walk(document.body);
  return () => marked.forEach((el) => el.removeAttribute('inert'));
}

/** The menu itself: the sidebar on wide screens, the drawer on narrow ones. */
export function MenuPanel({ label, children }: { label: string; children: ReactNode }) {
  const { open, setOpen } = useContext(DrawerContext);
  const nav = useRef<HTMLElement>(null);
  const backdrop = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open || !nav.current) return;
    nav.current.querySelector<HTMLElement>('a, button')?.focus();
    // The drawer is modal: the page behind the backdrop can be neither tabbed to nor read out, only
    // the menu button (to close it) and the drawer remain, and the notifications, so that a notice
    // arriving meanwhile is still read out (an inert live region is silent).
    const keep = [nav.current, backdrop.current, document.querySelector(`[aria-controls="${MENU_ID}"]`), document.querySelector('[data-notices]')];
    return inertAllBut(keep.filter((el): el is Element => el !== null));
  }, [open]);
  useEffect(() => {
    // Any link in it closes the drawer, also the current page's (the path does not change then).
    const menu = nav.current;
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest('a')) setOpen(false);
    };
    menu?.addEventListener('click', onClick);
    return () => menu?.removeEventListener('click', onClick);
  }, [setOpen]);
  return (
    <>
      <nav ref={nav} id={MENU_ID} className={styles.menu} data-open={open} aria-label={label}>
        {children}
      </nav>
      {open && <div ref={backdrop} className={styles.backdrop} aria-hidden="true" onClick={() => setOpen(false)} />}
    </>
  );
}

/** A menu entry: marked as the current page (aria-current) where it leads to the page shown. */
export function MenuLink({ href, plain = false, children }: { href: string; plain?: boolean; children: ReactNode }) {
  const current = usePathname() === href ? 'page' : undefined;
  // Plain links start a document navigation (UserMenu says why).
  return plain ? (
    <a href={href} aria-current={current}>
      {children}
    </a>
  ) : (
    <Link href={href} aria-current={current}>
      {children}
    </Link>
  );
}
