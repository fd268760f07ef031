'use client';

import { useEffect } from 'react';
import { takeReturnTo } from '@/lib/client/return-to';

/**
 * spec §2 "On startup": follows a return-to address stored at sign-in (read once, then removed).
 * In a task of its own: the browser's first read of localStorage waits for the storage to load
 * (35 ms with the CPU slowed 4×), which would lengthen the task that runs the page's effects.
 */
export function ReturnToRedirect() {
  useEffect(() => {
    const timer = setTimeout(() => {
      const target = takeReturnTo();
      if (target) window.location.replace(target);
    }, 0);
    return () => clearTimeout(timer);
  }, []);
  return null;
}
